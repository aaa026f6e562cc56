import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** A folder of versioned SQL files (`001_name.sql`, ...), applied in name order. */
export interface MigrationSource {
  /** Unique namespace, e.g. `event-store` or `projections/patient-list`. */
  readonly name: string;
  readonly directory: string;
}

export interface Migration {
  readonly id: string;
  readonly sql: string;
}

export function loadMigrations(sources: readonly MigrationSource[]): Migration[] {
  return sources.flatMap((source) =>
    readdirSync(source.directory)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => ({
        id: `${source.name}/${file}`,
        sql: readFileSync(join(source.directory, file), 'utf8'),
      })),
  );
}

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 7_340_201;

/**
 * Applies the migrations not applied yet, each in its own transaction, under an advisory
 * lock so that an API and a projector starting together do not race. Idempotent: released
 * migrations are never edited, only added.
 */
export async function migrate(databaseUrl: string, migrations: readonly Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await client.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (id) values ($1)', [migration.id]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.id);
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
