import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../embedded-postgres.ts';
import { freePort } from './free-port.ts';
import { TEST_ADMIN_URL_VARIABLE, ensureTestRoles } from './test-database.ts';

/**
 * Vitest global set-up: one PostgreSQL server for the whole run (each test file then
 * creates its own database on it), with the owner and application roles the app uses
 * (`roles.ts`), once per server. `DATABASE_URL`, when set, names an external server's
 * maintenance database to use instead of the embedded one.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    process.env[TEST_ADMIN_URL_VARIABLE] = process.env.DATABASE_URL;
    await ensureTestRoles(process.env.DATABASE_URL);
    return async () => undefined;
  }
  const parent = mkdtempSync(join(tmpdir(), 'bari-test-pg-'));
  // As root the server runs as the `postgres` user, which must be able to reach its directory.
  chmodSync(parent, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: join(parent, 'cluster'),
    port: await freePort(),
    ephemeral: true,
  });
  process.env[TEST_ADMIN_URL_VARIABLE] = server.adminUrl;
  await ensureTestRoles(server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}
