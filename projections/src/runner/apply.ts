import type { DatabaseTransactionConnection } from 'slonik';
import { toCheckpoint, type RecordedEvent } from '@bari/event-store';
import type { Projection, TableNames } from './projection.ts';
import { sql } from '../sql.ts';

/** A projection's handler threw: the batch was rolled back and the projection stops. */
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

/**
 * Calls the handler for each event of the batch it handles, in order, on the batch's
 * transaction. Returns how many it handled.
 */
export async function applyEvents(
  tx: DatabaseTransactionConnection,
  projection: Projection,
  events: readonly RecordedEvent[],
  tables: TableNames,
): Promise<number> {
  let handled = 0;
  for (const event of events) {
    if (!projection.eventTypes.includes(event.type)) continue;
    try {
      await projection.handle(event, { tx, tables });
    } catch (error) {
      throw new ProjectionHandlerError(projection.name, event, error);
    }
    handled += 1;
  }
  return handled;
}
