import type pg from 'pg';
import { DuplicateEventIds, WrongExpectedVersion } from '../errors.ts';
import { postgresPosition } from '../position.ts';
import type { AppendResult, EventToAppend, ExpectedRevision } from '../port.ts';
import { queryNamed } from './prepared.ts';

/**
 * The one transaction-level advisory lock every append takes first (inside
 * `bari_append_batch`, migration 002). Any constant works; it only has to be the same in
 * every process and differ from other advisory locks we take.
 *
 * Why one global lock: a reader of the global log must never pass an event that may still
 * commit below it. Holding this lock from before the position is drawn until after the
 * commit is visible (PostgreSQL releases transaction locks after the commit is published)
 * means positions become visible strictly in order, so "read > checkpoint order by position"
 * can never skip anything. docs/event-store.md compares it with the xid8 / snapshot technique.
 */
export const APPEND_LOCK_KEY = 7_340_202n;

/** Channel on which each append announces its last position, waking subscribers everywhere. */
export const EVENTS_CHANNEL = 'bari_event_store';

export interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expected: ExpectedRevision;
}

/** Each append's own outcome: its result, or the error to give its caller. */
export type AppendOutcome = { readonly ok: AppendResult } | { readonly error: Error };

interface OutcomeRow {
  readonly ordinal: number;
  readonly status: 'ok' | 'wrong_expected' | 'duplicate_ids';
  readonly next_revision: string | null;
  readonly last_position: string | null;
  readonly actual_revision: string | null;
  readonly conflicting_ids: string[] | null;
}

/** Prepared once per pooled connection (`queryNamed`). */
const APPEND_STATEMENT = 'bari_append_batch';

/**
 * Appends several appends in one statement, hence one round trip and one transaction:
 * `bari_append_batch` takes the lock, then for each append checks for an earlier identical
 * append (idempotent retry), compares-and-sets its stream, inserts its events and, at the
 * end, notifies. A refused append writes nothing and does not affect the others.
 */
export async function appendBatch(db: pg.Pool, appends: readonly PendingAppend[]): Promise<AppendOutcome[]> {
  const payload = appends.map(({ streamId, events, expected }) => ({
    streamId,
    expected: typeof expected === 'bigint' ? expected.toString() : expected,
    events: events.map((event) => ({
      id: event.id.toLowerCase(),
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    })),
  }));
  const { rows } = await queryNamed<OutcomeRow>(db, {
    name: APPEND_STATEMENT,
    text: `select ordinal, status, next_revision::text, last_position::text, actual_revision::text, conflicting_ids
     from bari_append_batch($1::jsonb) order by ordinal`,
    values: [JSON.stringify(payload)],
  });
  return appends.map((append, index) => toOutcome(append, rows[index]));
}

function toOutcome(append: PendingAppend, row: OutcomeRow | undefined): AppendOutcome {
  if (!row) return { error: new Error(`No outcome for the append to "${append.streamId}"`) };
  switch (row.status) {
    case 'ok':
      return {
        ok: {
          nextRevision: BigInt(row.next_revision!),
          position: postgresPosition(BigInt(row.last_position!)),
        },
      };
    case 'wrong_expected':
      return {
        error: new WrongExpectedVersion(
          append.streamId,
          append.expected,
          row.actual_revision === null ? 'no_stream' : BigInt(row.actual_revision),
        ),
      };
    case 'duplicate_ids':
      return { error: new DuplicateEventIds(append.streamId, row.conflicting_ids ?? []) };
  }
}
