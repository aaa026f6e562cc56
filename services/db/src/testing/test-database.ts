import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE, OWNER_ROLE, ensureRoles, passwordOf, rolePassword, withCredentials } from '../roles.ts';

export const TEST_ADMIN_URL_VARIABLE = 'BARI_TEST_PG_ADMIN_URL';

export interface TestDatabase {
  readonly name: string;
  /** As the owner role: what migrations and test set-up use. */
  readonly url: string;
  /** As the application role, as the app connects in production (`roles.ts`). */
  readonly appUrl: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server; tests never share state through it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env[TEST_ADMIN_URL_VARIABLE];
  if (!adminUrl) throw new Error(`${TEST_ADMIN_URL_VARIABLE} is not set: run the tests through vitest`);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} owner ${OWNER_ROLE}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const secret = passwordOf(adminUrl);
  return {
    name,
    url: withCredentials(url.toString(), OWNER_ROLE, rolePassword(secret, OWNER_ROLE)),
    appUrl: withCredentials(url.toString(), APP_ROLE, rolePassword(secret, APP_ROLE)),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The owner and application roles on the test server (roles are per server, not per database). */
export async function ensureTestRoles(adminUrl: string): Promise<void> {
  const secret = passwordOf(adminUrl);
  await ensureRoles(
    adminUrl,
    [OWNER_ROLE, APP_ROLE].map((role) => ({ name: role, password: rolePassword(secret, role) })),
  );
}
