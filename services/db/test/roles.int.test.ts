import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/database.ts';
import { APP_ROLE, OWNER_ROLE, ensureOwnedDatabase, grantApplicationPrivileges } from '../src/roles.ts';
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

  it('grants the app what a group role the owner belongs to owns (an external database set up that way)', async () => {
    // Given a table and a function owned by a group role the owner inherits
    const group = `bari_test_group_${database.name}`;
    await run(
      superuserUrl(),
      `create role ${group} nologin`,
      `grant ${group} to bari_owner`,
      'create table group_demo (id int)',
      `alter table group_demo owner to ${group}`,
      'create function group_answer() returns int language sql as $$ select 7 $$',
      `revoke all on function group_answer() from public`,
      `alter function group_answer() owner to ${group}`,
    );
    try {
      // When the owner grants the app its privileges
      await grantApplicationPrivileges(database.url, APP_ROLE);

      // Then the app may use them
      const [answer] = await run(
        database.appUrl,
        'insert into group_demo values (1)',
        'select group_answer() as answer, (select count(*)::int from group_demo) as rows',
      );
      expect(answer).toEqual({ answer: 7, rows: 1 });
    } finally {
      await run(superuserUrl(), `drop owned by ${group}`, `drop role ${group}`);
    }
  });
});

describe('ensureOwnedDatabase', () => {
  it("hands the superuser's tables over to the owner, but not an extension's", async () => {
    // Given a table the superuser created (an older version did) and an extension it installed
    await run(
      superuserUrl(),
      'create table older_table (id int)',
      'create extension if not exists pg_stat_statements',
    );

    // When the database is handed over to the owner
    await ensureOwnedDatabase(process.env[TEST_ADMIN_URL_VARIABLE]!, database.name, OWNER_ROLE);

    // Then the table is the owner's, and the extension's view still its installer's
    const owners = await run(
      superuserUrl(),
      `select c.relname as name, pg_get_userbyid(c.relowner) = $$${OWNER_ROLE}$$ as owned
         from pg_class c where c.relname in ('older_table', 'pg_stat_statements') order by 1`,
    );
    expect(owners).toEqual([
      { name: 'older_table', owned: true },
      { name: 'pg_stat_statements', owned: false },
    ]);
  });
});

describe('prepareDatabase', () => {
  it('grants the app role its privileges when one login takes either role by SET ROLE (as the README allows)', async () => {
    // Given one login, member of both roles, and a URL per role that sets it at connection
    const login = `bari_test_login_${database.name}`;
    await run(
      superuserUrl(),
      `create role ${login} login password 'uma-senha-de-teste'`,
      `grant ${OWNER_ROLE}, ${APP_ROLE} to ${login}`,
    );
    const as = (role: string) => {
      const url = new URL(superuserUrl());
      url.username = login;
      url.password = 'uma-senha-de-teste';
      url.searchParams.set('options', `-c role=${role}`);
      return url.toString();
    };
    try {
      // When the migrations run as the owner and the app connects as the app role
      await prepareDatabase({ url: as(APP_ROLE), migrationUrl: as(OWNER_ROLE) }, [
        { id: '001_demo', sql: 'create table set_role_demo (id int)' },
      ]);

      // Then the app role may use what the migrations created
      const [row] = await run(
        as(APP_ROLE),
        'insert into set_role_demo values (1)',
        'select current_user as role, count(*)::int as rows from set_role_demo',
      );
      expect(row).toEqual({ role: APP_ROLE, rows: 1 });
    } finally {
      await run(superuserUrl(), `drop role ${login}`);
    }
  });
});
