import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort } from '@bari/db/testing';
import { createClient, logIn } from './support/http-client.ts';
import { patientForm } from '@bari/contracts/testing';

/**
 * The product as its users start it: `services/api/src/main.ts` (what `make start` runs) and
 * `projections/src/main.ts` (`npm run projector`), as real processes.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

function start(script: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(what: string, started: Started, condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline || started.child.exitCode !== null) {
      throw new Error(`${what} did not happen; output:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string) => () =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

function postgresPid(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

describe('the embedded default (make start)', () => {
  it('starts on an embedded PostgreSQL, survives a SIGKILL, and stops cleanly on Ctrl-C with no orphan', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bari-embedded-'));
    // As root the server runs as the `postgres` user, which must reach its directory.
    chmodSync(dataDir, 0o755);
    const env = {
      BARI_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    };
    const base = `http://localhost:${env.PORT}`;
    try {
      const first = start('services/api/src/main.ts', env);
      await waitFor('the URL line', first, () => first.output().includes(`Bari Care pronto em ${base}`));
      expect(await answers(`${base}/readyz`)()).toBe(true);
      // The cluster's superuser password is random and readable by us alone.
      expect(statSync(join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
      const login = await fetch(`${base}/login`);
      expect(await login.text()).toContain('<title>Bari Care</title>');

      // A crash leaves PostgreSQL running, orphaned: the next start must clear it away.
      first.child.kill('SIGKILL');
      await first.exited;
      const orphan = postgresPid(dataDir);
      expect(orphan).toBeDefined();

      const second = start('services/api/src/main.ts', env);
      await waitFor('readiness after the crash', second, answers(`${base}/readyz`));
      expect(postgresPid(dataDir)).not.toBe(orphan);

      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      expect(postgresPid(dataDir)).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the production shape (PROJECTOR=external + npm run projector)', () => {
  it('answers a write only once the separate projector has projected it', async () => {
    const database = await createTestDatabase();
    const port = String(await freePort());
    const base = `http://localhost:${port}`;
    try {
      const api = start('services/api/src/main.ts', {
        DATABASE_URL: database.url,
        PORT: port,
        PROJECTOR: 'external',
      });
      await waitFor('the URL line', api, () => api.output().includes(`Bari Care pronto em ${base}`));
      // Ready means reads are current: not before a projector runs (the catalogue is waiting).
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      const projector = start('projections/src/main.ts', { DATABASE_URL: database.url });
      await waitFor('readiness once the projector runs', api, answers(`${base}/readyz`));

      const initialized = await createClient(base).post('/api/initialize');
      expect(initialized.status).toBe(201);
      const [admin] = (initialized.body as { credentials: { email: string; accessKey: string }[] })
        .credentials;
      const { client } = await logIn({ baseUrl: base }, admin!);
      expect((await client.post('/api/patients', patientForm())).status).toBe(201);
      const list = await client.get('/api/patients');
      expect(list.headers.get('x-total-count')).toBe('1');

      projector.child.kill('SIGTERM');
      api.child.kill('SIGTERM');
      expect(await projector.exited).toBe(0);
      expect(await api.exited).toBe(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
