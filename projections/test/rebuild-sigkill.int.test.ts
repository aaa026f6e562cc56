import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readProjectionStatus } from '../src/runner/status.ts';
import { sql } from '@bari/db';
import {
  appendCounted,
  expectedCounts,
  fixtureMigrations,
  readCounts,
  readWholeLog,
  streamCountsProjection,
  withoutIds,
  type CountRow,
} from './fixtures/stream-counts.ts';
import { projectWholeLog } from './support/projection-harness.ts';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from './support/test-database.ts';

const CHILD = fileURLToPath(new URL('./fixtures/rebuild-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let fixture: ProjectionTestDatabase;
let liveRows: readonly CountRow[];
let liveCheckpoint: string | null;

/**
 * Runs the rebuild fixture in a child process. With `killAt`, SIGKILLs it as soon as it
 * prints a progress line of that phase (with at least `afterEvents` events read); returns
 * every line it printed.
 */
async function rebuildInChild(kill?: {
  at: 'replay' | 'catch-up' | 'swap';
  afterEvents?: number;
}): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: fixture.url,
      BATCH_SIZE: '100',
      PAUSE_AT: kill?.at ?? '',
      PAUSE_AFTER_EVENTS: String(kill?.afterEvents ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const [phase, events] = line.split(' ');
    if (kill && phase === kill.at && Number(events) >= (kill.afterEvents ?? 0)) child.kill('SIGKILL');
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  if (kill) expect(signal, `child output: ${lines.join(' | ')} ${stderr}`).toBe('SIGKILL');
  else expect(code, stderr).toBe(0);
  return lines;
}

async function liveCheckpointNow(): Promise<string | null> {
  const [status] = await readProjectionStatus({ ...fixture, projections: [streamCountsProjection()] });
  return status!.checkpoint;
}

async function leftoverTables(): Promise<readonly string[]> {
  return fixture.pool.anyFirst(
    sql.type(z.object({ name: z.string() }))`
      select tablename as name from pg_tables where tablename like '%\\_\\_rebuild'
    `,
  );
}

describe('a rebuild killed with SIGKILL', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    fixture = await createProjectionTestDatabase([fixtureMigrations]);
    // Given 3 000 events projected by the live runner
    await appendCounted(fixture.eventStore, 60, 50);
    await projectWholeLog(fixture, streamCountsProjection(), 20_000);
    liveRows = await readCounts(fixture.pool);
    liveCheckpoint = await liveCheckpointNow();
    expect(liveRows).toHaveLength(60);
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('in the middle of the replay leaves the live tables and checkpoint intact', async () => {
    const lines = await rebuildInChild({ at: 'replay', afterEvents: 1_500 });
    expect(lines.at(-1)).toMatch(/^replay /);

    expect(await readCounts(fixture.pool)).toEqual(liveRows);
    expect(await liveCheckpointNow()).toBe(liveCheckpoint);
    expect(await leftoverTables()).toEqual(['stream_counts__rebuild']);
  });

  it('inside the swap transaction, after the live tables were dropped, changes nothing', async () => {
    await rebuildInChild({ at: 'swap' });

    // PostgreSQL rolls the killed session's transaction back: the live tables come back whole.
    expect(await readCounts(fixture.pool)).toEqual(liveRows);
    expect(await liveCheckpointNow()).toBe(liveCheckpoint);
    expect(await leftoverTables()).toEqual(['stream_counts__rebuild']);
  });

  it('is followed by a rebuild that drops the leftovers and ends equal to a clean projection', async () => {
    const lines = await rebuildInChild();
    expect(lines.at(-1)).toBe('done 3000 3000');

    const clean = expectedCounts(await readWholeLog(fixture.eventStore));
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(clean);
    expect(await readCounts(fixture.pool)).toEqual(liveRows);
    expect(await liveCheckpointNow()).toBe(liveCheckpoint);
    expect(await leftoverTables()).toEqual([]);
  });
});
