import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';

/** The newest event's position and hash (hex): what an administrator writes down. */
export interface ChainHead {
  readonly position: string;
  readonly hash: string;
}

export interface ChainVerification {
  /** Events checked. */
  readonly checked: number;
  /** The newest event, or null for an empty log. */
  readonly head: ChainHead | null;
  /** The position of the first event whose hash does not match its content and predecessor. */
  readonly brokenAt: string | null;
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
 * link is checked on its own, so the first mismatch names the altered event itself.
 */
export async function verifyHashChain(db: CommonQueryMethods): Promise<ChainVerification> {
  let after = '0';
  let previous: string | null = null;
  let checked = 0;
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
      if (link.hash !== link.expected) return { checked, head: await chainHead(db), brokenAt: link.position };
      previous = link.hash;
      after = link.position;
    }
    if (links.length < BATCH) return { checked, head: await chainHead(db), brokenAt: null };
  }
}

/** The newest event's position and hash, or null for an empty log. */
export async function chainHead(db: CommonQueryMethods): Promise<ChainHead | null> {
  const head = await db.maybeOne(sql.type(HeadSchema)`
    select global_position::text as position, encode(hash, 'hex') as hash
    from events order by global_position desc limit 1
  `);
  return head ? { position: head.position, hash: head.hash ?? '' } : null;
}

/** Keeps a verification's outcome, for the audit screen ("last verified"). */
export async function recordVerification(db: CommonQueryMethods, result: ChainVerification): Promise<void> {
  await db.query(sql.typeAlias('void')`
    insert into event_log_verifications (head_position, head_hash, checked, broken_position)
    values (${result.head?.position ?? null}::bigint, ${result.head?.hash ?? null}, ${result.checked},
      ${result.brokenAt}::bigint)
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
