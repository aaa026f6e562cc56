import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-postgres.ts';
import { freePort } from '../src/testing/free-port.ts';

/*
 * The embedded server is reached over a Unix-domain socket in its cluster directory (a round
 * trip over TCP loopback cost the API a fifth of its CPU in socket writes), with TCP on
 * 127.0.0.1 still open; a cluster path too long for a socket falls back to TCP.
 */

const dataHome = mkdtempSync(join(tmpdir(), 'bari-socket-'));
chmodSync(dataHome, 0o755);
afterAll(() => rmSync(dataHome, { recursive: true, force: true }));

async function clientAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>(
      'select inet_client_addr()::text as address',
    );
    return rows[0]!.address;
  } finally {
    await client.end();
  }
}

describe('the embedded server connection', () => {
  it('given a short cluster path, then clients connect over its socket; TCP stays open', async () => {
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir: join(dataHome, 'short'), port, ephemeral: true });
    try {
      expect(decodeURIComponent(new URL(server.adminUrl).hostname)).toMatch(/short$/);
      // No client address: a Unix-domain socket.
      expect(await clientAddress(server.urlFor('postgres'))).toBeNull();
      const overTcp = new URL(server.adminUrl);
      overTcp.hostname = '127.0.0.1';
      expect(await clientAddress(overTcp.toString())).toBe('127.0.0.1/32');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('given a cluster path too long for a socket, then clients connect over TCP', async () => {
    const port = await freePort();
    const deep = join(dataHome, 'a-folder-name-long-enough'.repeat(4));
    const server = await startEmbeddedPostgres({ dataDir: deep, port, ephemeral: true });
    try {
      expect(new URL(server.adminUrl).hostname).toBe('127.0.0.1');
      expect(await clientAddress(server.adminUrl)).toBe('127.0.0.1/32');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
