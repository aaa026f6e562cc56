import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/database.ts';
import { startEmbeddedPostgres } from '../src/embedded-postgres.ts';
import { APP_ROLE, OWNER_ROLE, userOf } from '../src/roles.ts';
import { freePort } from '../src/testing/free-port.ts';

/*
 * Issue 10, item 11, the embedded default: `make start` creates the owner and application
 * roles, also on a `.data` cluster an older version created (its database and tables owned
 * by the superuser), and hands that database over to the owner.
 */

const dataHome = mkdtempSync(join(tmpdir(), 'bari-roles-'));
// As root the server runs as `postgres`, which must reach its directory.
chmodSync(dataHome, 0o755);
afterAll(() => rmSync(dataHome, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded database roles', () => {
  it('creates both roles on an older cluster and gives its tables to the owner', async () => {
    const port = await freePort();
    // An older version's cluster: the database and a table made by the superuser.
    const older = await startEmbeddedPostgres({ dataDir: join(dataHome, 'postgres'), port });
    await query(older.adminUrl, 'create database bari_care');
    await query(older.urlFor('bari_care'), 'create table events (id int)');
    await older.stop();

    const database = await openDatabase({ BARI_DATA_DIR: dataHome, EMBEDDED_PG_PORT: String(port) });
    try {
      expect(userOf(database.url)).toBe(APP_ROLE);
      expect(userOf(database.migrationUrl)).toBe(OWNER_ROLE);
      const [owners] = await query<{ database: string; table: string }>(
        database.migrationUrl,
        `select pg_get_userbyid(d.datdba) as database, t.tableowner as table
           from pg_database d, pg_tables t where d.datname = current_database() and t.tablename = 'events'`,
      );
      expect(owners).toEqual({ database: OWNER_ROLE, table: OWNER_ROLE });
      const [app] = await query<{ superuser: boolean }>(
        database.url,
        'select rolsuper as superuser from pg_roles where rolname = current_user',
      );
      expect(app).toEqual({ superuser: false });
    } finally {
      await database.stop();
    }
  }, 120_000);
});
