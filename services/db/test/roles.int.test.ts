import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ROLE, grantApplicationPrivileges } from '../src/roles.ts';
import {
  createTestDatabase,
  TEST_ADMIN_URL_VARIABLE,
  type TestDatabase,
} from '../src/testing/test-database.ts';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

async function run(url: string, ...statements: string[]): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: pg.QueryResultRow[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/** The test database as the server's superuser (an operator's session). */
function superuserUrl(): string {
  const url = new URL(process.env[TEST_ADMIN_URL_VARIABLE]!);
  url.pathname = `/${database.name}`;
  return url.toString();
}

describe('grantApplicationPrivileges', () => {
  it('grants the app what the owner owns, and still starts when a superuser installed an extension in public', async () => {
    // Given the owner's table, sequence and function
    await run(
      database.url,
      'create table patients_demo (id bigint generated always as identity, name text)',
      'create function demo_answer() returns int language sql as $$ select 42 $$',
    );
    // And, as an operator would for monitoring, pg_stat_statements created by the superuser
    // (its reset function is revoked from public: the owner may not even execute it)
    await run(superuserUrl(), 'create extension if not exists pg_stat_statements');

    // When the owner grants the app its privileges, as every start-up does
    await grantApplicationPrivileges(database.url, APP_ROLE);

    // Then the app can use what the owner owns
    const [answer] = await run(
      database.appUrl,
      "insert into patients_demo (name) values ('Maria')",
      'select demo_answer() as answer, (select count(*)::int from patients_demo) as rows',
    );
    expect(answer).toEqual({ answer: 42, rows: 1 });
    // And got nothing of the superuser's extension beyond what it already had
    const [reset] = await run(
      database.appUrl,
      `select has_function_privilege(current_user, 'pg_stat_statements_reset(oid, oid, bigint, boolean)', 'execute') as allowed`,
    );
    expect(reset).toEqual({ allowed: false });
  });
});
