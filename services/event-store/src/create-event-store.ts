import { createEventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.ts';
import type { EventStore } from './port.ts';
import { createPostgresEventStore } from './postgres/postgres-event-store.ts';
import { withProcedureTypeReferences } from './procedure-type-references.ts';

export interface EventStoreEnvironment {
  /** Set to use EventStoreDB (e.g. `esdb://eventstore:2113?tls=false`); unset for PostgreSQL. */
  readonly EVENTSTORE_CONNECTION_STRING?: string | undefined;
}

/**
 * The composition root's one choice of event store: EventStoreDB when
 * `EVENTSTORE_CONNECTION_STRING` is set, otherwise PostgreSQL at `databaseUrl` (whose
 * tables `eventStoreMigrations` creates). Either way registrations' procedure assignments are
 * stored naming their types by id (`withProcedureTypeReferences`).
 */
export function createEventStore(env: EventStoreEnvironment, databaseUrl: string): EventStore {
  const eventStoreDb = env.EVENTSTORE_CONNECTION_STRING?.trim();
  return withProcedureTypeReferences(
    eventStoreDb
      ? createEventStoreDbEventStore({ connectionString: eventStoreDb })
      : createPostgresEventStore({ connectionString: databaseUrl }),
  );
}
