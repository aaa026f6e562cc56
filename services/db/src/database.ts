import { resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export interface DatabaseLocation {
  readonly url: string;
  /** Whether this process runs an embedded server (and so must stop it). */
  readonly embedded: boolean;
  stop(): Promise<void>;
}

export interface DatabaseEnvironment {
  readonly DATABASE_URL?: string;
  /** Where the embedded cluster lives; `./.data/postgres` by default. */
  readonly BARI_DATA_DIR?: string;
  readonly EMBEDDED_PG_PORT?: string;
}

const DATABASE_NAME = 'bari_care';

/**
 * `DATABASE_URL` when set (an external PostgreSQL); otherwise the embedded server under
 * `./.data/`, with the application database created on first use.
 */
export async function openDatabase(
  env: DatabaseEnvironment,
  log: (message: string) => void = () => undefined,
): Promise<DatabaseLocation> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: resolve(env.BARI_DATA_DIR ?? '.data', 'postgres'),
    port: Number(env.EMBEDDED_PG_PORT ?? 54329),
    onLog: log,
  });
  await createDatabaseIfMissing(server.adminUrl, DATABASE_NAME);
  return { url: server.urlFor(DATABASE_NAME), embedded: true, stop: server.stop };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
