import { RecordAccessed, accessStreamId, type AccessAction, type AccessParameters } from '@bari/contracts';
import type { EventStore } from '@bari/event-store';
import { eventMetadata } from '../http/event-metadata.ts';
import type { Context } from '../http/route-support.ts';
import { newId } from '../shared/new-id.ts';

/** What was read: the access action, the patient when one, and the filters or parameters. */
export interface AccessRecord {
  readonly action: AccessAction;
  readonly patientId?: string | null;
  /** Filters or parameters of the read (report period, municipality, fields, audit filters). */
  readonly parameters?: AccessParameters;
}

/** A second read of the same thing by the same session within this window is not recorded again. */
export const ACCESS_DEDUPLICATION_MS = 15 * 60 * 1000;
/**
 * The most reads remembered: one session sending distinct searches as fast as it can filled
 * the memory without bound (16,000 reads: 182 → 319 MB). Beyond it the oldest are forgotten,
 * and a repeat of one of those is recorded again: more records, never fewer.
 */
export const MAX_REMEMBERED_READS = 20_000;

interface AccessDependencies {
  readonly eventStore: EventStore;
  readonly now: () => Date;
}

/** Per app (per dependencies object): the last time each session read each thing. */
const recentBySession = new WeakMap<AccessDependencies, Map<string, number>>();

function recentReads(deps: AccessDependencies): Map<string, number> {
  let recent = recentBySession.get(deps);
  if (!recent) {
    recent = new Map();
    recentBySession.set(deps, recent);
  }
  return recent;
}

/**
 * Drops the entries past the window, so the cache holds only the last 15 minutes. A key is
 * never set twice while present, so the map is in time order: stop at the first recent one.
 */
function forgetOld(recent: Map<string, number>, now: number): void {
  for (const [key, at] of recent) {
    if (now - at < ACCESS_DEDUPLICATION_MS) return;
    recent.delete(key);
  }
}

/**
 * Records that the signed-in user read health data: appends a `RecordAccessed` event (user,
 * time, IP in its metadata; the patient id and parameters in its data, never the data read)
 * to `access-<userId>` with expected revision `any`, so concurrent readers never conflict.
 * The same read (action, patient, parameters) by the same session within 15 minutes is
 * recorded once. It does not wait for the projections: the read is answered at once.
 *
 * For the reports: `await recordAccess(ctx, deps, { action: 'GENERATE_REPORT', patientId,
 * parameters: { kind: 'individual', startDate, endDate } })`, or `EXPORT_REPORT` with the
 * export's filters and fields as `parameters` (values are strings or null).
 */
export async function recordAccess(
  ctx: Context,
  deps: AccessDependencies,
  access: AccessRecord,
): Promise<void> {
  const user = ctx.state.user;
  if (!user) return;
  const patientId = access.patientId ?? null;
  const parameters = access.parameters ?? {};
  const now = deps.now();
  const recent = recentReads(deps);
  forgetOld(recent, now.getTime());
  const key = accessKey(ctx, access);
  if (recent.has(key)) return;
  const event = RecordAccessed.create({ action: access.action, patientId, parameters });
  await deps.eventStore.appendToStream(
    accessStreamId(user.id),
    [{ id: newId(), ...event, metadata: eventMetadata(ctx, user, now) }],
    'any',
  );
  remember(recent, key, now.getTime());
}

/** The same read by the same session: the key of `recentReads`. */
function accessKey(ctx: Context, access: AccessRecord): string {
  const session = ctx.state.sessionId ?? ctx.state.user?.id;
  return JSON.stringify([session, access.action, access.patientId ?? null, access.parameters ?? {}]);
}

/**
 * What the session itself has just written, and so knows, counts as read for the window,
 * without a record: the same session reading it back within 15 minutes tells it nothing new.
 * A deletion's page read again by the browser that deleted it ('Paciente excluído', the name
 * and reason it typed) was recorded as a look at the patient's history in the same second.
 */
export function rememberAsRead(ctx: Context, deps: AccessDependencies, access: AccessRecord): void {
  if (!ctx.state.user) return;
  const recent = recentReads(deps);
  const now = deps.now().getTime();
  forgetOld(recent, now);
  const key = accessKey(ctx, access);
  if (!recent.has(key)) remember(recent, key, now);
}

/** Notes a read, forgetting the oldest beyond `MAX_REMEMBERED_READS` (the map is in time order). */
export function remember(
  recent: Map<string, number>,
  key: string,
  at: number,
  max = MAX_REMEMBERED_READS,
): void {
  recent.set(key, at);
  for (const oldest of recent.keys()) {
    if (recent.size <= max) return;
    recent.delete(oldest);
  }
}

/**
 * A write's answer shows the patient's record (or one of its procedures). When the command
 * appended nothing (the same values sent again, a procedure already so), no event says who
 * saw that answer: it is recorded as a view, as the same record read would be.
 */
export async function recordUnchangedAnswer(
  ctx: Context,
  deps: AccessDependencies,
  appended: readonly unknown[],
  patientId: string,
): Promise<void> {
  if (appended.length === 0) await recordAccess(ctx, deps, { action: 'VIEW_PATIENT', patientId });
}
