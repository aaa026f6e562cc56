import { Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { runCli } from './cli.ts';

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

describe('npm run projections -- rebuild, with the app and owner roles apart', () => {
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
