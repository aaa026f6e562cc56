import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, freePort } from '@bari/db/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDir = join(repoRoot, 'web');
const builtIndex = join(webDir, 'dist', 'index.html');
/** What the built app is made of: a change to any of them calls for a new build. */
const buildInputs = [
  'web/src',
  'web/public',
  'web/build',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'contracts/src',
];

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** Enough of the child's output to explain a failed start. */
const OUTPUT_LIMIT = 20_000;

export interface RunningApp {
  /** e.g. http://127.0.0.1:41234, serving the web app and /api. */
  readonly baseUrl: string;
  stop(): Promise<void>;
}

let build: Promise<void> | undefined;

/**
 * Starts the whole product as `npm start` would, on a fresh database of the test server
 * (vitest's global set-up), after building the web app if its sources changed.
 */
export async function startApp(): Promise<RunningApp> {
  await ensureWebBuild();

  const database = await createTestDatabase();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    await stopChild(child);
    await database.drop();
  };

  try {
    await waitUntilReady(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Builds web/dist once per test process, and only when a build input is newer than it. */
export function ensureWebBuild(): Promise<void> {
  build ??= buildWebIfStale();
  return build;
}

async function buildWebIfStale(): Promise<void> {
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestInput()) return;
  // The build users get: vitest sets NODE_ENV=test, which would make Vite bundle React's
  // development builds (twice the size, and not what the budget test must weigh).
  const env = { ...process.env, NODE_ENV: 'production' };
  await promisify(execFile)('npx', ['vite', 'build'], {
    cwd: webDir,
    env,
    maxBuffer: 10 * 1024 * 1024,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`web build failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
}

function newestInput(): number {
  return Math.max(...buildInputs.map((input) => newestMtime(join(repoRoot, input))));
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules')
      .map((name) => newestMtime(join(path, name))),
  );
}

function captureOutput(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastAnswer = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the app exited (${child.exitCode ?? child.signalCode}) before it was ready; its output:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastAnswer = `${response.status}: ${await response.text()}`;
    } catch (error) {
      lastAnswer = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `GET /readyz did not answer 200 within ${READY_TIMEOUT_MS} ms (last: ${lastAnswer}); the app's output:\n${output()}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
