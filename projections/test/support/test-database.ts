import {
  createDatabasePool,
  loadMigrations,
  migrate,
  type DatabasePool,
  type MigrationSource,
} from '@bari/db';
import { createTestDatabase } from '@bari/db/testing';
import {
  createPostgresEventStore,
  eventStoreMigrations,
  withProcedureTypeReferences,
  type EventStore,
} from '@bari/event-store';
import { projectionMigrations } from '../../src/migrations.ts';

/** The event store and the read-model pool a projection test works on. */
export interface ProjectionStores {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  /** Releases the pool and the event store. */
  close(): Promise<void>;
}

/**
 * Migrates the database at `url` (the event store, every read model, then `extra`) and opens
 * an event store and a pool on it.
 */
export async function openProjectionStores(
  url: string,
  extra: readonly MigrationSource[] = [],
): Promise<ProjectionStores> {
  await migrate(url, loadMigrations([eventStoreMigrations, ...projectionMigrations, ...extra]));
  const eventStore = withProcedureTypeReferences(createPostgresEventStore({ connectionString: url }));
  const pool = await createDatabasePool(url);
  return {
    eventStore,
    pool,
    async close() {
      await pool.end();
      await eventStore.close();
    },
  };
}

export interface ProjectionTestDatabase extends ProjectionStores {
  readonly url: string;
  /** Releases the pool and the event store, then drops the database. */
  close(): Promise<void>;
}

/** A fresh test database with the stores open on it (see `openProjectionStores`). */
export async function createProjectionTestDatabase(
  extra: readonly MigrationSource[] = [],
): Promise<ProjectionTestDatabase> {
  const database = await createTestDatabase();
  const stores = await openProjectionStores(database.url, extra);
  return {
    ...stores,
    url: database.url,
    async close() {
      await stores.close();
      await database.drop();
    },
  };
}

/** A new database whose read models stop short of some migrations, for those migrations' tests. */
export interface DatabaseBeforeMigrations {
  /** Its read models as they were before the migrations left out. */
  readonly pool: DatabasePool;
  /** Applies the migrations left out (and any other not applied yet). */
  migrateTheRest(): Promise<void>;
  /** Releases the pool and drops the database. */
  close(): Promise<void>;
}

/**
 * Creates a test database and applies every migration of the event store and the read models
 * but those named in `leftOut` (ids such as `projections/patients/005_listed_procedures.sql`),
 * so that a migration's test can write the data as it was before it, then apply it.
 */
export async function databaseBeforeMigrations(
  leftOut: readonly string[],
): Promise<DatabaseBeforeMigrations> {
  const all = loadMigrations([eventStoreMigrations, ...projectionMigrations]);
  const database = await createTestDatabase();
  await migrate(
    database.url,
    all.filter((migration) => !leftOut.includes(migration.id)),
  );
  const pool = await createDatabasePool(database.url);
  return {
    pool,
    migrateTheRest: () => migrate(database.url, all).then(() => undefined),
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
