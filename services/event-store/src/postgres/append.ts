import type pg from 'pg';
import { DuplicateEventIds, WrongExpectedVersion, type ActualRevision } from '../errors.ts';
import { postgresPosition } from '../position.ts';
import type { AppendResult, EventToAppend, ExpectedRevision } from '../port.ts';

/**
 * The one transaction-level advisory lock every append takes first. Any constant works; it
 * only has to be the same in every process and differ from other advisory locks we take.
 *
 * Why one global lock: a reader of the global log must never pass an event that may still
 * commit below it. Holding this lock from before the position is drawn until after the
 * commit is visible (PostgreSQL releases transaction locks after the commit is published)
 * means positions become visible strictly in order, so "read > checkpoint order by position"
 * can never skip anything. The cost, one append at a time, is far below what one clinic
 * produces. docs/event-store.md compares it with the xid8 / snapshot technique.
 */
export const APPEND_LOCK_KEY = 7_340_202n;

/** Channel on which each append announces its last position, waking subscribers everywhere. */
export const EVENTS_CHANNEL = 'bari_event_store';

/**
 * Appends inside the transaction already open on `client`; the caller commits. Writes
 * nothing (and still returns the original result) when this is a retry of a stored append.
 */
export async function appendWithinTransaction(
  client: pg.ClientBase,
  streamId: string,
  events: readonly EventToAppend[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  await client.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY.toString()]);
  const earlier = await findEarlierAppend(client, streamId, events, expected);
  if (earlier) return earlier;
  const previous = await compareAndSet(client, streamId, events.length, expected);
  const lastPosition = await insertEvents(client, streamId, previous, events);
  // Delivered at commit, and only if the transaction commits.
  await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, lastPosition.toString()]);
  return { nextRevision: previous + BigInt(events.length), position: postgresPosition(lastPosition) };
}

interface StoredId {
  readonly id: string;
  readonly stream_id: string;
  readonly revision: string;
  readonly position: string;
}

/**
 * A retried command brings the same event ids. If they are all stored, as exactly this
 * append, answer with the original result and write nothing; any other reuse is an error.
 */
async function findEarlierAppend(
  client: pg.ClientBase,
  streamId: string,
  events: readonly EventToAppend[],
  expected: ExpectedRevision,
): Promise<AppendResult | undefined> {
  const ids = events.map((event) => event.id.toLowerCase());
  const { rows } = await client.query<StoredId>(
    `select event_id::text as id, stream_id, stream_revision::text as revision, global_position::text as position
     from events where event_id = any($1::uuid[]) order by global_position`,
    [ids],
  );
  if (rows.length === 0) return undefined;
  const first = rows[0]!;
  const firstRevision = BigInt(first.revision);
  const sameAppend =
    rows.length === ids.length &&
    rows.every(
      (row, index) =>
        row.stream_id === streamId &&
        row.id === ids[index] &&
        BigInt(row.revision) === firstRevision + BigInt(index),
    );
  if (!sameAppend) throw new DuplicateEventIds(streamId, rows.map((row) => row.id).sort());
  const previous = firstRevision - 1n;
  // Like EventStoreDB: the retry is idempotent only if it expected what the original did.
  const compatible =
    expected === 'any' ||
    (expected === 'no_stream' && previous === -1n) ||
    (expected === 'stream_exists' && previous >= 0n) ||
    expected === previous;
  if (!compatible)
    throw new WrongExpectedVersion(streamId, expected, await currentRevision(client, streamId));
  const last = rows[rows.length - 1]!;
  return {
    nextRevision: BigInt(last.revision),
    position: postgresPosition(BigInt(last.position)),
  };
}

/**
 * The append's first write: moves the stream row from the revision we expect to the new
 * one, or refuses. Returns the revision before the append (-1 for a new stream).
 */
async function compareAndSet(
  client: pg.ClientBase,
  streamId: string,
  count: number,
  expected: ExpectedRevision,
): Promise<bigint> {
  if (expected === 'no_stream') {
    if (await insertStream(client, streamId, count)) return -1n;
    throw new WrongExpectedVersion(streamId, expected, await currentRevision(client, streamId));
  }
  if (typeof expected === 'bigint') {
    if (await updateStream(client, streamId, expected, count)) return expected;
    throw new WrongExpectedVersion(streamId, expected, await currentRevision(client, streamId));
  }
  // `any` and `stream_exists`: read, then compare-and-set. Under the append lock the first
  // attempt always wins; the retry only matters if someone writes without taking the lock.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await currentRevision(client, streamId);
    if (current === 'no_stream') {
      if (expected === 'stream_exists') throw new WrongExpectedVersion(streamId, expected, current);
      if (await insertStream(client, streamId, count)) return -1n;
    } else if (await updateStream(client, streamId, current, count)) {
      return current;
    }
  }
  throw new Error(
    `Stream "${streamId}" kept changing under an append: is something writing without the lock?`,
  );
}

async function insertStream(client: pg.ClientBase, streamId: string, count: number): Promise<boolean> {
  const result = await client.query(
    'insert into streams (stream_id, revision) values ($1, $2) on conflict (stream_id) do nothing',
    [streamId, String(count - 1)],
  );
  return result.rowCount === 1;
}

async function updateStream(
  client: pg.ClientBase,
  streamId: string,
  expected: bigint,
  count: number,
): Promise<boolean> {
  const result = await client.query(
    'update streams set revision = revision + $3 where stream_id = $1 and revision = $2',
    [streamId, expected.toString(), count],
  );
  return result.rowCount === 1;
}

async function currentRevision(client: pg.ClientBase, streamId: string): Promise<ActualRevision> {
  const { rows } = await client.query<{ revision: string }>(
    'select revision::text as revision from streams where stream_id = $1',
    [streamId],
  );
  return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
}

/** Inserts the events in order (positions follow array order) and returns the last position. */
async function insertEvents(
  client: pg.ClientBase,
  streamId: string,
  previous: bigint,
  events: readonly EventToAppend[],
): Promise<bigint> {
  const { rows } = await client.query<{ last: string }>(
    `with inserted as (
       insert into events (event_id, stream_id, stream_revision, type, data, metadata)
       select e.event_id, $1, $2::bigint + e.ordinality, e.type, e.data::jsonb, e.metadata::jsonb
       from unnest($3::uuid[], $4::text[], $5::text[], $6::text[])
         with ordinality as e (event_id, type, data, metadata, ordinality)
       order by e.ordinality
       returning global_position
     )
     select max(global_position)::text as last from inserted`,
    [
      streamId,
      previous.toString(),
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
    ],
  );
  return BigInt(rows[0]!.last);
}
