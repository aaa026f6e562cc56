import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bari/db/testing';
import { onCleanup } from './cleanup.ts';
import { statusMB } from './process-memory.ts';
import { startArguments } from './start-command.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

/** The app as production runs it (`npm start`), on its own embedded PostgreSQL. */
export interface AppProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** What another of our processes needs to join the same database (the projections CLI). */
  readonly databaseEnv: { readonly BARI_DATA_DIR: string; readonly EMBEDDED_PG_PORT: string };
  /** Resident memory of the server process now, in MB. */
  rssMB(): number;
  stop(): Promise<void>;
}

/**
 * Starts the app as `npm start` does (`services/api/src/main.ts`, Node's flags and all) in a
 * child process on a fresh temporary data directory and free ports (the embedded default of
 * `make start`), and waits for `/readyz`. Its log goes to `app.log` in that directory: a
 * terminal would slow the server down more than a file. The stop is registered for cleanup at
 * once, so a failure or Ctrl-C never leaves the server or PostgreSQL running.
 */
export async function startApp(options: { readonly logLevel: string }): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bari-bench-'));
  // As root the embedded server runs as the `postgres` user, which must reach its directory.
  chmodSync(dataDir, 0o755);
  const databaseEnv = { BARI_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...databaseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logLevel,
  };
  // The embedded default: no external database, event store or projector.
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_CONNECTION_STRING;
  delete env.PROJECTOR;
  const logFile = join(dataDir, 'app.log');
  const log = openSync(logFile, 'a');
  // As `npm start` runs it (package.json): the benchmark measures the app with its flags.
  const child = spawn(process.execPath, startArguments(repoRoot), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    await stopChild(child);
    await stopOrphanPostgres(join(dataDir, 'postgres'));
    rmSync(dataDir, { recursive: true, force: true });
  };
  let stopped: Promise<void> | undefined;
  const stopOnce = () => (stopped ??= stop());
  onCleanup(stopOnce);

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, logFile);
  return {
    baseUrl,
    pid: child.pid!,
    databaseEnv,
    rssMB: () => statusMB(child.pid!, 'VmRSS'),
    stop: stopOnce,
  };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited before it was ready; its log:\n${tail(logFile)}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app was not ready within ${READY_TIMEOUT_MS / 1000} s; its log:\n${tail(logFile)}`);
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').slice(-5_000) : '(no log)';
}

/** Ctrl-C as an operator would (the app stops HTTP, projections, then PostgreSQL); a kill if it hangs. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * The embedded PostgreSQL runs in its own process group, so a killed app leaves it behind:
 * stop it through its pid file, as the next `make start` would.
 */
async function stopOrphanPostgres(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid) && waited < STOP_TIMEOUT_MS; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
