import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCheckpoint, type GlobalPosition } from '@bari/event-store';
import { silentLogger } from '../src/runner/logger.ts';
import {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
} from '../src/runner/runner.ts';
import {
  appendCounted,
  event,
  expectedCounts,
  fixtureMigrations,
  POISON,
  readCounts,
  readWholeLog,
  streamCountsProjection,
  withoutIds,
} from './fixtures/stream-counts.ts';
import { eventually, headOf } from './support/runner-test-kit.ts';
import { readCheckpoints } from '../src/runner/checkpoints.ts';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from './support/test-database.ts';

let fixture: ProjectionTestDatabase;
const runners: ProjectionRunner[] = [];

beforeEach(async () => {
  fixture = await createProjectionTestDatabase([fixtureMigrations]);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await fixture.close();
});

function runner(options: Partial<ProjectionRunnerOptions> = {}): ProjectionRunner {
  const created = createProjectionRunner({
    eventStore: fixture.eventStore,
    pool: fixture.pool,
    projections: [streamCountsProjection()],
    logger: silentLogger,
    ...options,
  });
  runners.push(created);
  return created;
}

const head = (): Promise<GlobalPosition> => headOf(fixture.eventStore);

// Real PostgreSQL on a small shared machine: allow for load, the cases themselves take ~1 s.
describe('projection runner', { timeout: 30_000 }, () => {
  it('applies a batch and its checkpoint in one transaction: a handler failing mid-batch leaves neither', async () => {
    // Given one batch whose third event makes the `poisoned` projection's handler throw
    await fixture.eventStore.appendToStream('a', [event(), event()], 'no_stream');
    await fixture.eventStore.appendToStream('b', [event(POISON)], 'no_stream');
    await fixture.eventStore.appendToStream('c', [event()], 'no_stream');
    const poisoned = streamCountsProjection({ name: 'poisoned', table: 'other_counts', failOnPoison: true });

    // When both projections run
    const projections = runner({ projections: [streamCountsProjection(), poisoned], batchSize: 10 });
    await projections.start();

    // Then the healthy projection caught up, and the failing one applied nothing at all
    expect(
      await projections.waitFor(await head(), { projections: ['stream-counts'], timeoutMs: 5_000 }),
    ).toBe(true);
    const status = await eventually(
      () => projections.status(),
      (rows) => rows.some((row) => row.state === 'failed'),
    );
    expect(status.find((row) => row.name === 'poisoned')).toMatchObject({
      state: 'failed',
      checkpoint: null,
      lag: 4,
      error: expect.stringContaining('poisoned event'),
    });
    expect(status.find((row) => row.name === 'stream-counts')).toMatchObject({
      state: 'running',
      checkpoint: toCheckpoint(await head()),
      lag: 0,
      error: null,
    });
    expect(await readCounts(fixture.pool, 'other_counts')).toEqual([]);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
      { streamId: 'c', events: 1, lastRevision: '0' },
    ]);
    // and it never reaches the head, so waiting for it times out
    expect(await projections.waitFor(await head(), { projections: ['poisoned'], timeoutMs: 200 })).toBe(
      false,
    );
  });

  it('resumes from its checkpoint after a restart without counting twice', async () => {
    await appendCounted(fixture.eventStore, 20, 5, 'first');
    const first = runner({ batchSize: 7 });
    await first.start();
    expect(await first.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    await first.stop();

    await appendCounted(fixture.eventStore, 20, 3, 'first');
    await appendCounted(fixture.eventStore, 5, 2, 'second');
    const second = runner({ batchSize: 7 });
    await second.start();
    expect(await second.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);

    const log = await readWholeLog(fixture.eventStore);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(expectedCounts(log));
    const [status] = await second.status();
    expect(status).toMatchObject({ checkpoint: toCheckpoint(await head()), lag: 0, state: 'running' });
  });

  it('never applies a batch twice when two runners share the database', async () => {
    // Each runner counts its handler calls: a batch applied twice would call it twice.
    const calls = { a: 0, b: 0 };
    const counting = (key: keyof typeof calls) => {
      const projection = streamCountsProjection();
      return {
        ...projection,
        apply: async (...args: Parameters<typeof projection.apply>) => {
          await projection.apply(...args);
          calls[key] += args[0].length;
        },
      };
    };
    const runnerA = runner({ projections: [counting('a')], batchSize: 5, idlePollMs: 20 });
    const runnerB = runner({ projections: [counting('b')], batchSize: 5, idlePollMs: 20 });
    await Promise.all([runnerA.start(), runnerB.start()]);

    // Appends arrive concurrently while both runners race for every batch
    await Promise.all(
      Array.from({ length: 6 }, (_, writer) => appendCounted(fixture.eventStore, 10, 8, `w${writer}`)),
    );

    const position = await head();
    expect(await runnerA.waitFor(position, { timeoutMs: 10_000 })).toBe(true);
    expect(await runnerB.waitFor(position, { timeoutMs: 10_000 })).toBe(true);
    const log = await readWholeLog(fixture.eventStore);
    expect(log).toHaveLength(480);
    expect(calls.a + calls.b).toBe(480);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(expectedCounts(log));
  });

  describe('waitFor', () => {
    it('resolves true as soon as an in-process append is projected (read-your-writes)', async () => {
      const projections = runner();
      await projections.start();
      const { position } = await fixture.eventStore.appendToStream('patient-1', [event()], 'no_stream');
      const started = performance.now();
      expect(await projections.waitFor(position, { timeoutMs: 2_000 })).toBe(true);
      // Milliseconds in practice; the bound only has to be well under the 1 s idle poll.
      expect(performance.now() - started).toBeLessThan(500);
      expect(withoutIds(await readCounts(fixture.pool))).toEqual([
        { streamId: 'patient-1', events: 1, lastRevision: '0' },
      ]);
    });

    it('resolves false on timeout when nothing projects', async () => {
      const { position } = await fixture.eventStore.appendToStream('patient-1', [event()], 'no_stream');
      const notStarted = runner();
      const started = performance.now();
      expect(await notStarted.waitFor(position, { timeoutMs: 150 })).toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    });

    it('sees the checkpoints of a runner in another process through the database', async () => {
      // The API's runner is not started: a separate projector (here, another runner) projects.
      const api = runner();
      // What the API caches of a read model is dropped when it advances, here or elsewhere.
      const advanced: string[] = [];
      api.onAdvance((name) => advanced.push(name));
      const projector = runner();
      await projector.start();
      const { position } = await fixture.eventStore.appendToStream('patient-1', [event()], 'no_stream');
      expect(await api.waitFor(position, { timeoutMs: 3_000 })).toBe(true);
      expect(await readCounts(fixture.pool)).toHaveLength(1);
      expect(advanced).toContain('stream-counts');
    });

    it('resolves true at once for no projections or a position already reached', async () => {
      const projections = runner();
      await projections.start();
      const { position } = await fixture.eventStore.appendToStream('patient-1', [event()], 'no_stream');
      expect(await projections.waitFor(position, { projections: [], timeoutMs: 0 })).toBe(true);
      expect(await projections.waitFor(position, { timeoutMs: 2_000 })).toBe(true);
      expect(await projections.waitFor(position, { timeoutMs: 0 })).toBe(true);
    });

    it('resolves false when the runner stops', async () => {
      const projections = runner({ projections: [streamCountsProjection({ delayMs: 20 })], batchSize: 5 });
      await projections.start();
      await appendCounted(fixture.eventStore, 1, 100);
      const waiting = projections.waitFor(await head(), { timeoutMs: 10_000 });
      await projections.stop();
      expect(await waiting).toBe(false);
    });
  });

  it('opens no transaction for a batch without any event a projection handles, and stores its checkpoint within a second', async () => {
    // Given a running projection, caught up
    await fixture.eventStore.appendToStream('a', [event()], 'no_stream');
    const projections = runner({ idlePollMs: 100 });
    await projections.start();
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    const transactions = countTransactions();
    const changes: string[] = [];
    projections.onAdvance((name) => changes.push(name));

    // When only events it does not handle are appended
    await fixture.eventStore.appendToStream(
      'b',
      [event('SomethingElse'), event('SomethingElse')],
      'no_stream',
    );
    const unhandled = await head();

    // Then it reaches them without a transaction, says so at once, and stores it soon after
    expect(await projections.waitFor(unhandled, { timeoutMs: 5_000 })).toBe(true);
    expect(transactions.count()).toBe(0);
    // and caches of its read model are not told it changed
    expect(changes).toEqual([]);
    expect((await projections.status()).find((row) => row.name === 'stream-counts')).toMatchObject({
      checkpoint: toCheckpoint(unhandled),
      lag: 0,
    });
    const stored = await eventually(
      async () => (await readCheckpoints(fixture.pool, ['stream-counts'])).get('stream-counts')?.position,
      (position) => position === toCheckpoint(unhandled),
    );
    expect(stored).toBe(toCheckpoint(unhandled));
    transactions.restore();

    // And an event it handles afterwards is applied on top of that stored checkpoint
    await appendCounted(fixture.eventStore, 1, 1, 'after');
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    expect(changes).toEqual(['stream-counts']);
    expect((await readCounts(fixture.pool)).map((row) => row.streamId)).toContain('after-0000');
  });

  it('two runners skipping and applying side by side apply each event once and agree on the checkpoint', async () => {
    // Given two runners of the same projection, caught up
    await fixture.eventStore.appendToStream('a', [event()], 'no_stream');
    const first = runner({ idlePollMs: 50 });
    const second = runner({ idlePollMs: 50 });
    await first.start();
    await second.start();
    expect(await first.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);

    // When unhandled and handled events follow each other
    for (let round = 0; round < 5; round += 1) {
      await fixture.eventStore.appendToStream(`x${round}`, [event('SomethingElse')], 'no_stream');
      await fixture.eventStore.appendToStream(`c${round}`, [event()], 'no_stream');
    }
    const last = await head();
    expect(await first.waitFor(last, { timeoutMs: 5_000 })).toBe(true);
    expect(await second.waitFor(last, { timeoutMs: 5_000 })).toBe(true);

    // Then every handled event counted once, and the table's checkpoint is the head
    const counts = await readCounts(fixture.pool);
    expect(counts.map((row) => [row.streamId, row.events])).toEqual([
      ['a', 1],
      ['c0', 1],
      ['c1', 1],
      ['c2', 1],
      ['c3', 1],
      ['c4', 1],
    ]);
    const stored = await eventually(
      async () => (await readCheckpoints(fixture.pool, ['stream-counts'])).get('stream-counts')?.position,
      (position) => position === toCheckpoint(last),
    );
    expect(stored).toBe(toCheckpoint(last));
  });

  /** Counts the transactions opened on the fixture's pool from now on (the real pool, observed). */
  function countTransactions() {
    const spy = vi.spyOn(fixture.pool, 'transaction');
    return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
  }
});
