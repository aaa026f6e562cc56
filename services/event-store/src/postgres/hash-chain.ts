import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';

/** The newest event's position and hash (hex): what an administrator writes down. */
export interface ChainHead {
  readonly position: string;
  readonly hash: string;
}

/**
 * A head known from before: noted by an administrator (`--expect-head`) or kept by an earlier
 * intact verification. The log must still hold that event with that hash.
 */
export interface ChainAnchor {
  readonly position: string;
  readonly hash: string;
  /** When it was verified (ISO instant), or null for one noted by hand. */
  readonly verifiedAt: string | null;
}

export interface ChainVerification {
  /** Events checked. */
  readonly checked: number;
  /** The newest event, or null for an empty log. */
  readonly head: ChainHead | null;
  /** The position of the first event whose hash does not match its content and predecessor. */
  readonly brokenAt: string | null;
  /**
   * A known head the log no longer holds as it was: its event is gone (`missing`: events were
   * removed from the end) or has another hash (`different`: an event at or before it was
   * altered and every hash after it recomputed, which the links alone cannot show).
   */
  readonly anchorBroken: { readonly anchor: ChainAnchor; readonly found: 'missing' | 'different' } | null;
}

const LinkSchema = z.object({
  position: z.string(),
  hash: z.string().nullable(),
  expected: z.string(),
});
const HeadSchema = z.object({ position: z.string(), hash: z.string().nullable() });

const BATCH = 5_000;

/**
 * Walks the PostgreSQL log in position order and recomputes each event's hash from its stored
 * content and the stored hash before it (`bari_event_hash`, the append's own function). Each
 * link is checked on its own, so the first mismatch names the altered event itself. Then each
 * known head (`anchors`) must still be in the log with its hash: that catches a tail removed
 * or a chain recomputed after an alteration, which leave every link intact.
 */
export async function verifyHashChain(
  db: CommonQueryMethods,
  anchors: readonly ChainAnchor[] = [],
): Promise<ChainVerification> {
  // Several may name one position (a noted head and the verification that printed it).
  const anchorsAt = new Map<string, ChainAnchor[]>();
  for (const anchor of anchors)
    anchorsAt.set(anchor.position, [...(anchorsAt.get(anchor.position) ?? []), anchor]);
  let after = '0';
  let previous: string | null = null;
  let checked = 0;
  let anchorBroken: ChainVerification['anchorBroken'] = null;
  // The head is the last event checked, not the log's newest when the walk ends: appends go on
  // meanwhile, and a head printed to be noted down, or kept as an anchor, must be one verified.
  let last: ChainHead | null = null;
  for (;;) {
    const links: readonly z.infer<typeof LinkSchema>[] = await db.any(sql.type(LinkSchema)`
      select global_position::text as position, encode(hash, 'hex') as hash,
        encode(bari_event_hash(
          case when row_number() over w = 1 then decode(${previous}, 'hex') else lag(hash) over w end,
          global_position, event_id, stream_id, stream_revision, type, data, metadata, created_at
        ), 'hex') as expected
      from events
      where global_position > ${after}::bigint
      window w as (order by global_position)
      order by global_position
      limit ${BATCH}
    `);
    for (const link of links) {
      checked += 1;
      if (link.hash !== link.expected) {
        return { checked, head: await chainHead(db), brokenAt: link.position, anchorBroken: null };
      }
      const different = anchorsAt.get(link.position)?.find((anchor) => anchor.hash !== link.hash);
      anchorsAt.delete(link.position);
      if (different) anchorBroken ??= { anchor: different, found: 'different' };
      previous = link.hash;
      after = link.position;
      last = { position: link.position, hash: link.hash ?? '' };
    }
    if (links.length < BATCH) break;
  }
  // An anchor the walk never met names an event no longer in the log: removed from the end (a
  // removal in the middle breaks the next link, unless every hash after it was recomputed).
  const missing = [...anchorsAt.values()].flat().sort((a, b) => compareBigInt(a.position, b.position))[0];
  if (!anchorBroken && missing) anchorBroken = { anchor: missing, found: 'missing' };
  return { checked, head: last, brokenAt: null, anchorBroken };
}

const compareBigInt = (a: string, b: string): number =>
  BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;

/**
 * The heads of earlier intact verifications (the newest `limit`): each must still be in the
 * log as it was. A superuser can rewrite this table too; a head noted elsewhere
 * (`--expect-head`) does not depend on it.
 */
export async function verifiedAnchors(db: CommonQueryMethods, limit = 1_000): Promise<ChainAnchor[]> {
  const rows = await db.any(sql.type(
    z.object({ position: z.string(), hash: z.string(), verifiedAt: z.number() }),
  )`
    select head_position::text as position, head_hash as hash, verified_at as "verifiedAt"
    from event_log_verifications
    where broken_position is null and head_position is not null and head_hash is not null
    order by verified_at desc limit ${limit}
  `);
  return rows.map((row) => ({ ...row, verifiedAt: new Date(row.verifiedAt).toISOString() }));
}

/** The newest event's position and hash, or null for an empty log. */
export async function chainHead(db: CommonQueryMethods): Promise<ChainHead | null> {
  const head = await db.maybeOne(sql.type(HeadSchema)`
    select global_position::text as position, encode(hash, 'hex') as hash
    from events order by global_position desc limit 1
  `);
  return head ? { position: head.position, hash: head.hash ?? '' } : null;
}

/**
 * Keeps a verification's outcome, for the audit screen ("last verified") and as an anchor of
 * later runs. A broken known head is kept as broken at its position.
 */
export async function recordVerification(db: CommonQueryMethods, result: ChainVerification): Promise<void> {
  const brokenAt = result.brokenAt ?? result.anchorBroken?.anchor.position ?? null;
  await db.query(sql.typeAlias('void')`
    insert into event_log_verifications (head_position, head_hash, checked, broken_position)
    values (${result.head?.position ?? null}::bigint, ${result.head?.hash ?? null}, ${result.checked},
      ${brokenAt}::bigint)
  `);
}

const VerificationRowSchema = z.object({
  verifiedAt: z.number(),
  headPosition: z.string().nullable(),
  headHash: z.string().nullable(),
  brokenPosition: z.string().nullable(),
});

/** The latest verification, or null when the log was never verified. */
export async function lastVerification(db: CommonQueryMethods) {
  const row = await db.maybeOne(sql.type(VerificationRowSchema)`
    select verified_at as "verifiedAt", head_position::text as "headPosition", head_hash as "headHash",
      broken_position::text as "brokenPosition"
    from event_log_verifications order by verified_at desc limit 1
  `);
  return row ? { ...row, verifiedAt: new Date(row.verifiedAt).toISOString() } : null;
}
