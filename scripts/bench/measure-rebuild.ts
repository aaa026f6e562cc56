import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { repoRoot } from './app-process.ts';
import { watchPeakRss } from './process-memory.ts';

export interface RebuildRun {
  readonly seconds: number;
  readonly peakRssMB: number;
}

/**
 * `npm run projections -- rebuild --all` as an administrator runs it, in its own process,
 * against the app's database while the app is up (the CLI joins its embedded PostgreSQL).
 * Times the whole command, start-up included, and follows its peak resident memory.
 */
export async function runRebuildAll(
  databaseEnv: Record<string, string>,
  options: { readonly showOutput: boolean },
): Promise<RebuildRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...databaseEnv };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_CONNECTION_STRING;
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', 'projections', '--', 'rebuild', '--all'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', options.showOutput ? 'inherit' : 'pipe', options.showOutput ? 'inherit' : 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  const memory = watchPeakRss(child.pid!);
  const [code] = (await once(child, 'exit')) as [number | null];
  const peakRssMB = memory.stop();
  if (code !== 0) throw new Error(`rebuild --all exited with ${code}:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, peakRssMB: Math.round(peakRssMB) };
}
