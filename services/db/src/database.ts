import { resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate, type Migration } from './migrations.ts';
import {
  APP_ROLE,
  OWNER_ROLE,
  ensureOwnedDatabase,
  ensureRoles,
  grantApplicationPrivileges,
  passwordOf,
  rolePassword,
  sessionRole,
  withCredentials,
} from './roles.ts';

export interface DatabaseLocation {
  /** What the application connects as: the least-privileged role (`roles.ts`). */
  readonly url: string;
  /** What migrations (and the projections CLI) connect as: the owner of the tables. */
  readonly migrationUrl: string;
  /** Whether this process runs an embedded server (and so must stop it). */
  readonly embedded: boolean;
  stop(): Promise<void>;
}

export interface DatabaseEnvironment {
  readonly DATABASE_URL?: string;
  /** With DATABASE_URL: the owner role's URL, for migrations (DATABASE_URL's role by default). */
  readonly MIGRATION_DATABASE_URL?: string;
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
  if (env.DATABASE_URL) {
    return {
      url: env.DATABASE_URL,
      migrationUrl: env.MIGRATION_DATABASE_URL || env.DATABASE_URL,
      embedded: false,
      stop: async () => undefined,
    };
  }
  const server = await startEmbeddedPostgres({
    dataDir: resolve(env.BARI_DATA_DIR ?? '.data', 'postgres'),
    port: Number(env.EMBEDDED_PG_PORT ?? 54329),
    onLog: log,
  });
  try {
    // Created when missing: a cluster made by an older version has neither role.
    const secret = passwordOf(server.adminUrl);
    const roles = [OWNER_ROLE, APP_ROLE].map((name) => ({ name, password: rolePassword(secret, name) }));
    await ensureRoles(server.adminUrl, roles);
    await ensureOwnedDatabase(server.adminUrl, DATABASE_NAME, OWNER_ROLE);
    const url = server.urlFor(DATABASE_NAME);
    return {
      url: withCredentials(url, APP_ROLE, rolePassword(secret, APP_ROLE)),
      migrationUrl: withCredentials(url, OWNER_ROLE, rolePassword(secret, OWNER_ROLE)),
      embedded: true,
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Applies the migrations as the owner, then grants the application's role what it needs on
 * whatever they created. With one role for both (a single DATABASE_URL) there is nothing to grant.
 */
export async function prepareDatabase(
  database: Pick<DatabaseLocation, 'url' | 'migrationUrl'>,
  migrations: readonly Migration[],
): Promise<string[]> {
  const applied = await migrate(database.migrationUrl, migrations);
  await grantToApplication(database);
  return applied;
}

/**
 * Grants the application's role what it may do on every table. After the migrations, and again
 * after a rebuild swapped fresh tables in: those got the owner's default privileges, wider than
 * an append-only table's.
 */
export async function grantToApplication(
  database: Pick<DatabaseLocation, 'url' | 'migrationUrl'>,
): Promise<void> {
  // The roles the sessions act as, not the logins: one login may take either role by `SET ROLE`.
  const [appRole, ownerRole] = await Promise.all([
    sessionRole(database.url),
    sessionRole(database.migrationUrl),
  ]);
  if (appRole !== ownerRole) await grantApplicationPrivileges(database.migrationUrl, appRole);
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
