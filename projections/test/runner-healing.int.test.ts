import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '@bari/db';
import type { GlobalPosition } from '@bari/event-store';
import { silentLogger } from '../src/runner/logger.ts';
import type { Projection } from '../src/runner/projection.ts';
import { rebuildProjection, type RebuildProgress } from '../src/runner/rebuild.ts';
import {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
} from '../src/runner/runner.ts';
import {
  COUNTED,
  event,
  fixtureMigrations,
  readCounts,
  streamCountsProjection,
  withoutIds,
} from './fixtures/stream-counts.ts';
import { eventually, headOf } from './support/runner-test-kit.ts';
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

function runner(options: Partial<ProjectionRunnerOptions>): ProjectionRunner {
  const created = createProjectionRunner({
    eventStore: fixture.eventStore,
    pool: fixture.pool,
    projections: [streamCountsProjection()],
    logger: silentLogger,
    idlePollMs: 50,
    retryDelayMs: 20,
    ...options,
  });
  runners.push(created);
  return created;
}

const head = (): Promise<GlobalPosition> => headOf(fixture.eventStore);

/** The counting projection, made to throw on the events whose ids are in `failOn` (changeable). */
function breakable(failOn: Set<string>, options: { name?: string; error?: () => Error } = {}): Projection {
  const base = streamCountsProjection({ name: options.name ?? 'stream-counts' });
  return {
    ...base,
    async apply(events, context) {
      const bad = events.find((candidate) => failOn.has(candidate.id));
      if (bad) throw options.error ? options.error() : new Error(`cannot apply ${bad.id}`);
      await base.apply(events, context);
    },
  };
}

/**
 * The counting projection refusing its first batch of several events for a reason that is
 * not transient, then losing its connection in the search for the poison event (the first
 * event applied alone), then applying everything: the search, not any event, failed.
 */
function refusedThenProbeLost(): Projection & { readonly probes: number } {
  const base = streamCountsProjection();
  let refusals = 1;
  let probes = 0;
  return {
    ...base,
    get probes() {
      return probes;
    },
    async apply(events, context) {
      if (events.length > 1 && refusals > 0) {
        refusals -= 1;
        throw new Error('batch refused');
      }
      if (events.length === 1 && probes === 0) {
        probes += 1;
        throw Object.assign(new Error('connection lost during the search'), { code: 'ECONNRESET' });
      }
      await base.apply(events, context);
    },
  };
}

describe('a runner that heals', { timeout: 30_000 }, () => {
  it('names the poison event of a failed batch, not the batch', async () => {
    const events = Array.from({ length: 6 }, () => event());
    await fixture.eventStore.appendToStream('a', events, 'no_stream');
    const poison = events[3]!;
    const projections = runner({ projections: [breakable(new Set([poison.id]))], batchSize: 100 });
    await projections.start();
    const [status] = await eventually(
      () => projections.status(),
      (rows) => rows[0]!.state === 'failed',
    );
    expect(status!.error).toContain(`failed on event ${poison.id}`);
    expect(status!.checkpoint).toBeNull();
    expect(await readCounts(fixture.pool)).toEqual([]);
  });

  it('resumes by itself after a successful rebuild, without a restart', async () => {
    const poisoned = event();
    await fixture.eventStore.appendToStream('a', [event(), poisoned, event()], 'no_stream');
    const failOn = new Set([poisoned.id]);
    const projection = breakable(failOn);
    const projections = runner({ projections: [projection] });
    await projections.start();
    await eventually(
      () => projections.status(),
      (rows) => rows[0]!.state === 'failed',
    );

    // The cause is fixed (here: the projection no longer refuses the event) and it is rebuilt.
    failOn.clear();
    await rebuildProjection({ eventStore: fixture.eventStore, pool: fixture.pool, projection });
    const [status] = await eventually(
      () => projections.status(),
      (rows) => rows[0]!.state === 'running',
    );
    expect(status).toMatchObject({ state: 'running', error: null });

    // And it goes on projecting live events.
    const { position } = await fixture.eventStore.appendToStream('b', [event()], 'no_stream');
    expect(await projections.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 3, lastRevision: '2' },
      { streamId: 'b', events: 1, lastRevision: '0' },
    ]);
  });

  it('resumes once another runner has handled the event that broke it', async () => {
    const poisoned = event();
    await fixture.eventStore.appendToStream('a', [poisoned], 'no_stream');
    const stuck = runner({ projections: [breakable(new Set([poisoned.id]))] });
    await stuck.start();
    await eventually(
      () => stuck.status(),
      (rows) => rows[0]!.state === 'failed',
    );
    const fixed = runner({ projections: [breakable(new Set())] });
    await fixed.start();
    expect(await fixed.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    const [status] = await eventually(
      () => stuck.status(),
      (rows) => rows[0]!.state === 'running',
    );
    expect(status!.state).toBe('running');
    await fixed.stop();
    const { position } = await fixture.eventStore.appendToStream('a', [event()], 0n);
    expect(await stuck.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
    ]);
  });

  it.each([
    ['deadlock', '40P01'],
    ['statement timeout', '57014'],
    ['serialization failure', '40001'],
    ['lock not available', '55P03'],
    ['connection lost', 'ECONNRESET'],
  ])('retries a transient database error (%s) with backoff instead of failing', async (_kind, code) => {
    const events = [event(), event()];
    await fixture.eventStore.appendToStream('a', events, 'no_stream');
    let failures = 2;
    const failOn = new Set([events[1]!.id]);
    const projection = breakable(failOn, {
      error: () => {
        failures -= 1;
        if (failures === 0) failOn.clear();
        return Object.assign(new Error('transient'), { code });
      },
    });
    const projections = runner({ projections: [projection] });
    await projections.start();
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    expect((await projections.status())[0]).toMatchObject({ state: 'running', error: null });
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
    ]);
  });

  it('retries a batch whose poison search failed for a transient reason, naming no event', async () => {
    const events = [event(), event()];
    await fixture.eventStore.appendToStream('a', events, 'no_stream');
    const projection = refusedThenProbeLost();
    const projections = runner({ projections: [projection] });
    await projections.start();
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    expect((await projections.status())[0]).toMatchObject({ state: 'running', error: null });
    expect(projection.probes).toBe(1);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
    ]);
  });

  it('a rebuild retries a batch whose poison search failed for a transient reason', async () => {
    await fixture.eventStore.appendToStream('a', [event(), event()], 'no_stream');
    const projection = refusedThenProbeLost();
    const result = await rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection,
    });
    expect(result.events).toBe(2);
    expect(projection.probes).toBe(1);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
    ]);
  });

  it("a rebuild retries its swap when the catch-up's poison search failed for a transient reason", async () => {
    await fixture.eventStore.appendToStream('a', [event()], 'no_stream');
    // Two events arrive as the swap begins: the catch-up applies them. Their batch is refused
    // once; the search's connection is then lost; then everything applies.
    const late = [event(), event()];
    const lateIds = new Set(late.map(({ id }) => id));
    const base = streamCountsProjection();
    let refusals = 1;
    let probes = 0;
    const projection: Projection = {
      ...base,
      async apply(events, context) {
        const lateOnes = events.filter(({ id }) => lateIds.has(id)).length;
        if (lateOnes > 1 && refusals > 0) {
          refusals -= 1;
          throw new Error('batch refused');
        }
        if (lateOnes === 1 && events.length === 1 && probes === 0) {
          probes += 1;
          throw Object.assign(new Error('connection lost during the search'), { code: 'ECONNRESET' });
        }
        await base.apply(events, context);
      },
    };
    let appended = false;
    const result = await rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection,
      onProgress: async ({ phase }) => {
        if (phase !== 'catch-up' || appended) return;
        appended = true;
        await fixture.eventStore.appendToStream('b', late, 'no_stream');
      },
    });
    expect(probes).toBe(1);
    expect(result.swapAttempts).toBe(2);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 1, lastRevision: '0' },
      { streamId: 'b', events: 2, lastRevision: '1' },
    ]);
  });

  it('says since when a blocked projection has waited to commit its batch, across transient retries', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    const base = streamCountsProjection();
    const blocked: Projection = {
      ...base,
      async apply(events, context) {
        attempts += 1;
        // The first attempt fails as a lost connection would; the next ones wait (a held lock).
        if (attempts === 1) throw Object.assign(new Error('transient'), { code: 'ECONNRESET' });
        await gate;
        await base.apply(events, context);
      },
    };
    const projections = runner({ projections: [blocked] });
    await projections.start();
    expect((await projections.status())[0]!.waitingSince).toBeNull();
    const before = Date.now();
    await fixture.eventStore.appendToStream('a', [event()], 'no_stream');
    const [waiting] = await eventually(
      () => projections.status(),
      (rows) => attempts >= 2 && rows[0]!.waitingSince !== null,
    );
    // Since the first attempt, not the retry.
    expect(waiting!.waitingSince!.getTime()).toBeGreaterThanOrEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await projections.status())[0]!.waitingSince).toEqual(waiting!.waitingSince);
    release();
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    expect((await projections.status())[0]).toMatchObject({ state: 'running', waitingSince: null, lag: 0 });
  });

  it('a command waits only for the projections that handle the event types it appended', async () => {
    const poisoned = event('Other');
    await fixture.eventStore.appendToStream('x', [poisoned], 'no_stream');
    const counting = streamCountsProjection();
    const failing: Projection = {
      ...breakable(new Set([poisoned.id]), { name: 'others' }),
      eventTypes: ['Other'],
      tables: ['other_counts'],
    };
    const projections = runner({ projections: [counting, failing] });
    await projections.start();
    await eventually(
      () => projections.status(),
      (rows) => rows.some((row) => row.state === 'failed'),
    );
    const { position } = await fixture.eventStore.appendToStream('a', [event()], 'no_stream');
    const started = performance.now();
    expect(await projections.waitFor(position, { eventTypes: [COUNTED], timeoutMs: 5_000 })).toBe(true);
    expect(performance.now() - started).toBeLessThan(4_000);
    // The failed one is still waited for when its events are concerned: that wait times out.
    expect(await projections.waitFor(position, { eventTypes: ['Other'], timeoutMs: 200 })).toBe(false);
    // No concerned projection at all: nothing to wait for.
    expect(await projections.waitFor(position, { eventTypes: ['Unrelated'], timeoutMs: 0 })).toBe(true);
  });

  it('a swap that cannot get its lock in time retries only the swap, keeping the rebuilt tables', async () => {
    await fixture.eventStore.appendToStream('a', [event(), event()], 'no_stream');
    const projection = streamCountsProjection();
    const projections = runner({ projections: [projection] });
    await projections.start();
    expect(await projections.waitFor(await head(), { timeoutMs: 5_000 })).toBe(true);
    await projections.stop();

    // Another transaction holds the checkpoint row (as a live runner's long batch would).
    const phases: RebuildProgress['phase'][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = fixture.pool.transaction(async (tx) => {
      await tx.query(sql.type(z.object({ name: z.string() }))`
        select name from projection_checkpoints where name = ${projection.name} for update
      `);
      locked();
      await held;
    });
    await lockTaken;
    const rebuilt = rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection,
      swapLockTimeoutMs: 100,
      onProgress: ({ phase }) => void phases.push(phase),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    release();
    await holder;
    const result = await rebuilt;

    expect(result.events).toBe(2);
    expect(phases.filter((phase) => phase === 'replay')).toHaveLength(1);
    expect(phases.filter((phase) => phase === 'indexes')).toHaveLength(1);
    expect(result.swapAttempts).toBeGreaterThanOrEqual(2);
    expect(phases.at(-1)).toBe('swap');
    expect(withoutIds(await readCounts(fixture.pool))).toEqual([
      { streamId: 'a', events: 2, lastRevision: '1' },
    ]);
  });
});
