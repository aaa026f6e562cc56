import type { DatabaseTransactionConnection } from 'slonik';
import { toCheckpoint, type RecordedEvent } from '@bari/event-store';
import type { Projection, ProjectionContext, ReplaySession, TableNames } from './projection.ts';
import { isTransient } from './transient.ts';
import { sql } from '@bari/db';

/** A projection could not apply an event: its batch was rolled back and the projection stops. */
export class ProjectionHandlerError extends Error {
  override readonly name = 'ProjectionHandlerError';

  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    cause: unknown,
  ) {
    super(
      `Projection ${projection} failed on event ${event.id} (${event.type}, stream ${event.streamId}, ` +
        `position ${toCheckpoint(event.position)}): ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** Table names for the live read model: each owned table is itself. */
export function liveTables(projection: Projection): TableNames {
  return tableMapper(projection, (table) => table);
}

/** Maps each owned table through `rename`, refusing tables the projection does not own. */
export function tableMapper(projection: Projection, rename: (table: string) => string): TableNames {
  const owned = new Map(projection.tables.map((table) => [table, sql.identifier([rename(table)])]));
  return (table) => {
    const identifier = owned.get(table);
    if (!identifier) throw new Error(`Projection ${projection.name} does not own table "${table}"`);
    return identifier;
  };
}

const handledTypes = new WeakMap<Projection, ReadonlySet<string>>();

/** The events of `batch` the projection handles, in order. */
export function handledEvents(projection: Projection, batch: readonly RecordedEvent[]): RecordedEvent[] {
  let types = handledTypes.get(projection);
  if (!types) {
    types = new Set(projection.eventTypes);
    handledTypes.set(projection, types);
  }
  const handled = types;
  return batch.filter((event) => handled.has(event.type));
}

/**
 * Applies the events of the batch the projection handles as one unit of work on the batch's
 * transaction. Returns how many it handled. A failure is rethrown as it came: the caller
 * decides whether it is transient, and otherwise names the event with `findPoisonEvent`.
 */
export async function applyBatch(
  tx: DatabaseTransactionConnection,
  projection: Projection,
  batch: readonly RecordedEvent[],
  tables: TableNames,
  mode: ProjectionContext['mode'],
  replay?: ReplaySession,
): Promise<number> {
  const events = handledEvents(projection, batch);
  if (events.length > 0) await projection.apply(events, { tx, tables, mode, ...(replay && { replay }) });
  return events.length;
}

/** Raised inside the probe transaction to roll it back when every event applied. */
class ProbeRollback extends Error {}

/**
 * After a batch failed, replays it event by event in a transaction that is always rolled
 * back, to name the first event the projection cannot apply. When each event applies on its
 * own, the batch as a whole is at fault and its first handled event is named. Rejects instead
 * when the search itself fails for a transient reason (`isTransient`: a lost connection, a
 * deadlock, a full disk): that says nothing of the events, and naming one would stop a
 * projection over a healthy event; the caller retries the batch.
 */
export async function findPoisonEvent(
  transaction: <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) => Promise<T>,
  projection: Projection,
  batch: readonly RecordedEvent[],
  tables: TableNames,
  mode: ProjectionContext['mode'],
  batchError: unknown,
): Promise<ProjectionHandlerError> {
  const events = handledEvents(projection, batch);
  try {
    await transaction(async (tx) => {
      for (const event of events) {
        try {
          await projection.apply([event], { tx, tables, mode });
        } catch (error) {
          if (isTransient(error)) throw error;
          throw new ProjectionHandlerError(projection.name, event, error);
        }
      }
      throw new ProbeRollback();
    });
  } catch (error) {
    if (error instanceof ProjectionHandlerError) return error;
    if (isTransient(error)) throw error;
    if (!(error instanceof ProbeRollback)) batchError = error;
  }
  return new ProjectionHandlerError(projection.name, events[0] ?? batch[0]!, batchError);
}
