import { Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { createDatabasePool, grantToApplication } from '@bari/db';
import { runCli } from './cli.ts';
import { createRebuildTables, dropRebuildTables, rebuildTable } from '../runner/swap.ts';

/*
 * A rebuild swaps fresh tables in, created by the owner with its default grants to the app's
 * role (select, insert, update, delete). The append-only and read-only tables must come out
 * of it as narrow as the migrations left them.
 */

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

const silent = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

async function appPrivileges(): Promise<Record<string, boolean>> {
  const client = new pg.Client({ connectionString: database.appUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, boolean>>(`
      select has_table_privilege('audit_log', 'insert') as "auditInsert",
             has_table_privilege('audit_log', 'update') as "auditUpdate",
             has_table_privilege('audit_log', 'delete') as "auditDelete",
             has_table_privilege('event_log_verifications', 'select') as "verificationsSelect",
             has_table_privilege('event_log_verifications', 'insert') as "verificationsInsert",
             has_table_privilege('patients', 'update') as "patientsUpdate"`);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * What the app's role may do on the rebuild copies of `tables` (created as a rebuild does),
 * after an app start's grant pass ran while they were being loaded.
 */
async function copyPrivileges(tables: readonly string[]): Promise<Record<string, string[]>> {
  const pool = await createDatabasePool(database.url);
  try {
    await createRebuildTables(pool, tables);
    await grantToApplication({ url: database.appUrl, migrationUrl: database.url });
    const client = new pg.Client({ connectionString: database.appUrl });
    await client.connect();
    try {
      const result: Record<string, string[]> = {};
      for (const table of [...tables, ...tables.map(rebuildTable)]) {
        const { rows } = await client.query<{ privilege: string }>(
          `select privilege from unnest(array['select', 'insert', 'update', 'delete', 'truncate']) as privilege
           where has_table_privilege($1, privilege)`,
          [table],
        );
        result[table] = rows.map((row) => row.privilege);
      }
      return result;
    } finally {
      await client.end();
    }
  } finally {
    await dropRebuildTables(pool, tables);
    await pool.end();
  }
}

describe('npm run projections -- rebuild, with the app and owner roles apart', () => {
  it("creates the rebuild copies with the live tables' grants, which an app start leaves narrow, so the swap itself does", async () => {
    const env = { DATABASE_URL: database.appUrl, MIGRATION_DATABASE_URL: database.url };
    expect(await runCli(['status'], { env, stdout: silent(), stderr: silent() })).toBe(0);
    const privileges = await copyPrivileges(['audit_log', 'patients']);
    expect(privileges.audit_log).toEqual(['select', 'insert']);
    expect(privileges.audit_log__rebuild).toEqual(privileges.audit_log);
    expect(privileges.patients).toEqual(['select', 'insert', 'update', 'delete']);
    expect(privileges.patients__rebuild).toEqual(privileges.patients);
  });

  it("leaves the app's role unable to edit the audit log or record a verification", async () => {
    const env = { DATABASE_URL: database.appUrl, MIGRATION_DATABASE_URL: database.url };
    const narrow = {
      auditInsert: true,
      auditUpdate: false,
      auditDelete: false,
      verificationsSelect: true,
      verificationsInsert: false,
      patientsUpdate: true,
    };
    expect(await runCli(['status'], { env, stdout: silent(), stderr: silent() })).toBe(0);
    expect(await appPrivileges()).toEqual(narrow);

    expect(await runCli(['rebuild', '--all'], { env, stdout: silent(), stderr: silent() })).toBe(0);

    expect(await appPrivileges()).toEqual(narrow);
  });
});
