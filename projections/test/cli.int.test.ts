import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli.ts';
import {
  appendCounted,
  expectedCounts,
  fixtureMigrations,
  readCounts,
  readWholeLog,
  streamCountsProjection,
  withoutIds,
} from './fixtures/stream-counts.ts';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from './support/test-database.ts';

let fixture: ProjectionTestDatabase;

beforeEach(async () => {
  fixture = await createProjectionTestDatabase([fixtureMigrations]);
});

afterEach(() => fixture.close());

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runCli(argv, {
    env: { DATABASE_URL: fixture.url },
    projections: [streamCountsProjection()],
    stdout,
    stderr,
    batchSize: 50,
  });
  return { code, stdout: out, stderr: err };
}

describe('projections CLI', { timeout: 30_000 }, () => {
  it('shows each projection with its checkpoint and its lag in events', async () => {
    await appendCounted(fixture.eventStore, 3, 4);
    const { code, stdout } = await cli('status');
    expect(code).toBe(0);
    const [header, row] = stdout.trimEnd().split('\n');
    expect(header).toMatch(/^Projeção\s+Checkpoint\s+Atraso \(eventos\)\s+Atualizado em\s+Erro$/);
    // Never run yet: no checkpoint, every event pending, no update time.
    expect(row).toMatch(/^stream-counts\s+\(nenhum evento\)\s+12\s+-\s+-$/);
  });

  it('rebuilds a projection and ends with the count', async () => {
    await appendCounted(fixture.eventStore, 5, 30);
    const { code, stdout, stderr } = await cli('rebuild', 'stream-counts');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Reconstruindo a projeção "stream-counts"...');
    expect(stdout).toMatch(
      /Projeção "stream-counts" reconstruída: 150 eventos lidos, 150 aplicados, em \d+,\d s/,
    );
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(
      expectedCounts(await readWholeLog(fixture.eventStore)),
    );

    const status = await cli('status');
    expect(status.stdout).toMatch(/stream-counts\s+150\/150\s+0\s+\d\d\/\d\d\/\d{4},? \d\d:\d\d:\d\d\s+-/);
  });

  it('exits with 2 on a usage error and 0 on --help', async () => {
    expect(await cli('rebuild', 'nope')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--help'),
    });
    expect(await cli('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Uso:') });
  });

  it('exits with 1 when the database cannot be reached', async () => {
    const code = await runCli(['status'], {
      env: { DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:1/none' },
      projections: [streamCountsProjection()],
      stdout: new PassThrough(),
      stderr: new PassThrough(),
    });
    expect(code).toBe(1);
  });
});
