import { AsyncResource } from 'node:async_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toCheckpoint } from '@bari/event-store';
import { ProjectionHandlerError } from '../src/runner/apply.ts';
import { silentLogger } from '../src/runner/logger.ts';
import {
  rebuildProjection,
  rebuildProjections,
  RebuildInProgressError,
  type RebuildProgress,
} from '../src/runner/rebuild.ts';
import { createProjectionRunner } from '../src/runner/runner.ts';
import { sql } from '@bari/db';
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
import { projectWholeLog } from './support/projection-harness.ts';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from './support/test-database.ts';

let fixture: ProjectionTestDatabase;

beforeEach(async () => {
  fixture = await createProjectionTestDatabase([fixtureMigrations]);
});

afterEach(() => fixture.close());

/** Index, constraint and sequence names of a table, to check a swap keeps them. */
async function schemaNames(table: string) {
  const names = z.object({ name: z.string() });
  return {
    indexes: await fixture.pool.anyFirst(
      sql.type(names)`select indexname as name from pg_indexes where tablename = ${table} order by 1`,
    ),
    constraints: await fixture.pool.anyFirst(
      sql.type(
        names,
      )`select conname as name from pg_constraint where conrelid = ${table}::regclass order by 1`,
    ),
    sequence: await fixture.pool.oneFirst(
      sql.type(z.object({ name: z.string() }))`select pg_get_serial_sequence(${table}, 'id') as name`,
    ),
    leftovers: await fixture.pool.anyFirst(
      sql.type(names)`select tablename as name from pg_tables where tablename like '%\\_\\_rebuild'`,
    ),
  };
}

describe('rebuildProjection', { timeout: 60_000 }, () => {
  it('rebuilds into fresh tables equal to the live projection while appends continue', async () => {
    // Given a live runner serving a projection of 1 000 events
    await appendCounted(fixture.eventStore, 40, 25);
    const projection = streamCountsProjection();
    const runner = createProjectionRunner({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projections: [projection],
      logger: silentLogger,
      batchSize: 50,
    });
    await runner.start();
    const before = await schemaNames('stream_counts');

    // When it is rebuilt while commands keep appending
    let appending = true;
    const appender = (async () => {
      for (let round = 0; appending || round < 3; round += 1) {
        await fixture.eventStore.appendToStream(`live-${round % 7}`, [event(), event()], 'any');
      }
    })();
    const phases: RebuildProgress['phase'][] = [];
    const result = await rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection,
      batchSize: 100,
      onProgress: ({ phase }) => void phases.push(phase),
    }).finally(() => (appending = false));
    await appender;
    // and the live runner goes on, now writing to the swapped-in tables
    await appendCounted(fixture.eventStore, 3, 2, 'after-swap');

    // Then the swapped-in tables hold what a clean projection of the whole log holds
    expect(await runner.waitFor((await fixture.eventStore.headPosition())!, { timeoutMs: 10_000 })).toBe(
      true,
    );
    await runner.stop();
    const log = await readWholeLog(fixture.eventStore);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(expectedCounts(log));
    expect(result.events).toBeGreaterThan(1_000); // it saw appends made during the rebuild
    expect(log.length).toBeGreaterThan(result.events);
    expect(result.handled).toBe(result.events);
    expect(phases.filter((phase) => phase === 'replay').length).toBeGreaterThanOrEqual(10);
    expect(phases.slice(-2)).toEqual(['catch-up', 'swap']);
    // under the live tables' names, indexes and constraints included, with nothing left over
    expect(await schemaNames('stream_counts')).toEqual(before);
    expect(before.indexes).toEqual([
      'stream_counts_by_events',
      'stream_counts_pkey',
      'stream_counts_stream_id_key',
    ]);
    expect(before.leftovers).toEqual([]);
  });

  it('gives identical rows to the live projection, identity ids included', async () => {
    await appendCounted(fixture.eventStore, 30, 4);
    const projection = streamCountsProjection();
    await projectWholeLog(fixture, projection);
    const live = await readCounts(fixture.pool);

    const result = await rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection,
    });

    expect(await readCounts(fixture.pool)).toEqual(live);
    expect(result).toMatchObject({
      events: 120,
      handled: 120,
      checkpoint: toCheckpoint((await fixture.eventStore.headPosition())!),
    });
  });

  it('rebuilds several projections on two connections at once, each equal to its live tables', async () => {
    await appendCounted(fixture.eventStore, 30, 4);
    const counts = streamCountsProjection();
    const others = streamCountsProjection({ name: 'other-counts', table: 'other_counts' });
    await projectWholeLog(fixture, counts);
    await projectWholeLog(fixture, others);
    const live = {
      counts: await readCounts(fixture.pool),
      others: await readCounts(fixture.pool, 'other_counts'),
    };
    const schemas = { counts: await schemaNames('stream_counts'), others: await schemaNames('other_counts') };

    const result = await rebuildProjections({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projections: [counts, others],
      batchSize: 7,
      replayLanes: 2,
    });

    expect(await readCounts(fixture.pool)).toEqual(live.counts);
    expect(await readCounts(fixture.pool, 'other_counts')).toEqual(live.others);
    expect(result.handledBy).toEqual({ 'stream-counts': 120, 'other-counts': 120 });
    // and the deferred indexes, built on both lanes, are all there under their names
    expect(await schemaNames('stream_counts')).toEqual(schemas.counts);
    expect(await schemaNames('other_counts')).toEqual(schemas.others);
    expect(schemas.others.indexes).toEqual(
      expect.arrayContaining(['other_counts_by_stream', 'other_counts_by_stream_trigrams']),
    );
  });

  it('keeps up during the load the indexes it is told to, builds the others after it, and analyses every table', async () => {
    await appendCounted(fixture.eventStore, 30, 4);
    const others = streamCountsProjection({
      name: 'other-counts',
      table: 'other_counts',
      indexesMaintainedDuringLoad: ['other_counts_by_stream_trigrams'],
    });
    const counts = streamCountsProjection();
    await projectWholeLog(fixture, counts);
    await projectWholeLog(fixture, others);
    const live = await readCounts(fixture.pool, 'other_counts');
    const liveCounts = await readCounts(fixture.pool);
    const schema = await schemaNames('other_counts');
    const duringLoad: string[][] = [];
    // Looked at from inside its own lane's batches: once that lane's replay is over it builds
    // its deferred indexes at once, while the other lane may still be replaying.
    const observedOthers = {
      ...others,
      async apply(...args: Parameters<typeof others.apply>) {
        const [, { tx }] = args;
        duringLoad.push([
          ...(await tx.anyFirst(sql.type(z.object({ definition: z.string() }))`
            select indexdef as definition from pg_indexes where tablename = 'other_counts__rebuild' order by 1
          `)),
        ]);
        return others.apply(...args);
      },
    };

    await rebuildProjections({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      // Two projections, so two lanes: the builds and the analyses are shared between them.
      projections: [counts, observedOthers],
      batchSize: 7,
      replayLanes: 2,
    });

    // Then while it loaded, the trigram index was there and the plain one was not yet
    expect(duringLoad.length).toBeGreaterThan(1);
    for (const indexes of duringLoad) {
      expect(indexes.some((definition) => /USING gin \(stream_id gin_trgm_ops\)/.test(definition))).toBe(
        true,
      );
      expect(
        indexes.some((definition) => /^CREATE INDEX .* USING btree \(stream_id\)$/.test(definition)),
      ).toBe(false);
    }
    // and after the swap the rows and every name are as before, the table analysed
    expect(await readCounts(fixture.pool, 'other_counts')).toEqual(live);
    expect(await readCounts(fixture.pool)).toEqual(liveCounts);
    expect(await schemaNames('other_counts')).toEqual(schema);
    const analysed = await fixture.pool.anyFirst(sql.type(z.object({ tuples: z.number() }))`
      select reltuples as tuples from pg_class where oid in ('other_counts'::regclass, 'stream_counts'::regclass)
    `);
    expect(analysed).toEqual([30, 30]);
  });

  it("builds a lane's deferred indexes as soon as its replay is over, while another lane still replays", async () => {
    await appendCounted(fixture.eventStore, 30, 4);
    const counts = streamCountsProjection();
    const others = streamCountsProjection({ name: 'other-counts', table: 'other_counts' });
    await projectWholeLog(fixture, counts);
    await projectWholeLog(fixture, others);
    const live = await readCounts(fixture.pool);
    // Bound to this test's async context: slonik refuses a query on another connection from
    // inside the apply's transaction.
    const countsIndexBuilt = AsyncResource.bind(
      async () =>
        (await fixture.pool.oneFirst(sql.type(z.object({ built: z.boolean() }))`
        select exists (
          select from pg_indexes where tablename = 'stream_counts__rebuild' and indexdef like '%(events DESC, stream_id)%'
        ) as built
      `)) === true,
    );
    // The second lane's last batch waits until the first lane has built its deferred index: it
    // would wait forever if the indexes were built only once every lane had replayed.
    let sawItBuilt = false;
    const waitingOthers = {
      ...others,
      async apply(...args: Parameters<typeof others.apply>) {
        const [events] = args;
        if (events.some((recorded) => recorded.position.commit === head)) {
          for (let tries = 0; tries < 200 && !sawItBuilt; tries += 1) {
            sawItBuilt = await countsIndexBuilt();
            if (!sawItBuilt) await new Promise((done) => setTimeout(done, 25));
          }
        }
        return others.apply(...args);
      },
    };
    const head = (await fixture.eventStore.headPosition())!.commit;

    await rebuildProjections({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projections: [counts, waitingOthers],
      batchSize: 7,
      replayLanes: 2,
    });

    expect(sawItBuilt).toBe(true);
    expect(await readCounts(fixture.pool)).toEqual(live);
  });

  it('refuses to rebuild when an index it should keep during the load does not exist', async () => {
    await appendCounted(fixture.eventStore, 2, 2);
    const misnamed = streamCountsProjection({ indexesMaintainedDuringLoad: ['stream_counts_by_nothing'] });
    await expect(
      rebuildProjections({ eventStore: fixture.eventStore, pool: fixture.pool, projections: [misnamed] }),
    ).rejects.toThrow(/stream_counts_by_nothing/);
  });

  it('refuses a second rebuild of the same projection while one runs', async () => {
    await appendCounted(fixture.eventStore, 2, 20);
    const slow = streamCountsProjection({ delayMs: 10 });
    let replaying: () => void = () => undefined;
    const firstIsReplaying = new Promise<void>((resolve) => (replaying = resolve));
    const first = rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection: slow,
      batchSize: 5,
      onProgress: () => replaying(),
    });
    await firstIsReplaying;
    await expect(
      rebuildProjection({ eventStore: fixture.eventStore, pool: fixture.pool, projection: slow }),
    ).rejects.toBeInstanceOf(RebuildInProgressError);
    await expect(first).resolves.toMatchObject({ events: 40 });
  });

  it('leaves the live tables and checkpoint alone when the handler fails', async () => {
    const projection = streamCountsProjection({ failOnPoison: true });
    await appendCounted(fixture.eventStore, 3, 2);
    const runner = await projectWholeLog(fixture, projection);
    const live = await readCounts(fixture.pool);
    const [status] = await runner.status();
    await fixture.eventStore.appendToStream('poisoned', [event(POISON)], 'no_stream');

    await expect(
      rebuildProjection({ eventStore: fixture.eventStore, pool: fixture.pool, projection }),
    ).rejects.toBeInstanceOf(ProjectionHandlerError);

    expect(await readCounts(fixture.pool)).toEqual(live);
    expect((await runner.status())[0]!.checkpoint).toBe(status!.checkpoint);
    expect((await schemaNames('stream_counts')).leftovers).toEqual([]);
  });

  it('retries a batch that failed for a transient reason, counting its events once', async () => {
    // Given two projections on one lane, the second failing once with a serialization failure
    const first = streamCountsProjection();
    const second = streamCountsProjection({ name: 'other-counts', table: 'other_counts' });
    await appendCounted(fixture.eventStore, 10, 2);
    await projectWholeLog(fixture, first);
    await projectWholeLog(fixture, second);
    const live = await readCounts(fixture.pool, 'other_counts');
    let failures = 0;
    const flaky: typeof second = {
      ...second,
      apply: async (events, context) => {
        if (failures++ === 0) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        return second.apply(events, context);
      },
    };

    // When they are rebuilt
    const result = await rebuildProjections({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projections: [first, flaky],
      batchSize: 100,
    });

    // Then the batch was applied again, and each projection handled each event once
    expect(failures).toBe(2);
    expect(result.handledBy).toEqual({ 'stream-counts': 20, 'other-counts': 20 });
    expect(await readCounts(fixture.pool, 'other_counts')).toEqual(live);
  });

  it('writes what a projection kept during the replay once, counting only committed batches', async () => {
    // Given a projection that, in a rebuild's replay, sums its counts in memory and writes them
    // at the end, and fails once with a serialization failure after keeping a batch's counts
    const counts = streamCountsProjection();
    await appendCounted(fixture.eventStore, 10, 2);
    await projectWholeLog(fixture, counts);
    const live = withoutIds(await readCounts(fixture.pool));
    type Sums = Map<string, { events: number; lastRevision: bigint }>;
    let calls = 0;
    let finished = 0;
    const summing: typeof counts = {
      ...counts,
      apply: async (events, context) => {
        if (!context.replay) return counts.apply(events, context);
        const sums = (context.replay.memory.get('sums') as Sums | undefined) ?? new Map();
        context.replay.memory.set('sums', sums);
        context.replay.afterCommit(() => {
          for (const event of events) {
            const sum = sums.get(event.streamId);
            sums.set(event.streamId, { events: (sum?.events ?? 0) + 1, lastRevision: event.revision });
          }
        });
        if (++calls === 2) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      },
      finishReplay: async ({ tx, tables, replay }) => {
        finished += 1;
        for (const [streamId, sum] of replay.memory.get('sums') as Sums) {
          await tx.query(sql.typeAlias('void')`
            insert into ${tables('stream_counts')} (stream_id, events, last_revision)
            values (${streamId}, ${sum.events}, ${sum.lastRevision.toString()})
          `);
        }
      },
    };

    // When it is rebuilt, in batches of five events, and two events come in before the swap
    await rebuildProjection({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projection: summing,
      batchSize: 5,
      onProgress: async ({ phase }) => {
        if (phase === 'catch-up')
          await fixture.eventStore.appendToStream('s-0000', [event(), event()], 'any');
      },
    });

    // Then the failed attempt's counts were dropped, the sums were written once, and the two
    // late events were applied by the catch-up as the live runner applies them
    expect(calls).toBe(5);
    expect(finished).toBe(1);
    expect(withoutIds(await readCounts(fixture.pool))).toEqual(
      expectedCounts(await readWholeLog(fixture.eventStore)),
    );
    expect(live[0]).toMatchObject({ streamId: 's-0000', events: 2 });
    expect(withoutIds(await readCounts(fixture.pool))[0]).toMatchObject({ streamId: 's-0000', events: 4 });
  });

  it('stops every lane when one projection fails mid-log, naming the event, and leaves both live', async () => {
    // Given two projections on two lanes, the first failing on an event in the middle of the log
    const failing = streamCountsProjection({ failOnPoison: true });
    const others = streamCountsProjection({ name: 'other-counts', table: 'other_counts' });
    await appendCounted(fixture.eventStore, 10, 2);
    await projectWholeLog(fixture, failing);
    await projectWholeLog(fixture, others);
    const live = {
      counts: await readCounts(fixture.pool),
      others: await readCounts(fixture.pool, 'other_counts'),
    };
    await fixture.eventStore.appendToStream('poisoned', [event(POISON)], 'no_stream');
    await appendCounted(fixture.eventStore, 10, 2);

    // When they are rebuilt in small batches, the lanes free to run apart
    const rebuilding = rebuildProjections({
      eventStore: fixture.eventStore,
      pool: fixture.pool,
      projections: [failing, others],
      batchSize: 3,
      replayLanes: 2,
    });

    // Then the rebuild names the poison event, and neither live table changed
    const error: unknown = await rebuilding.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProjectionHandlerError);
    expect((error as ProjectionHandlerError).event.streamId).toBe('poisoned');
    expect(await readCounts(fixture.pool)).toEqual(live.counts);
    expect(await readCounts(fixture.pool, 'other_counts')).toEqual(live.others);
    // And no copy is left behind, nor a connection held (a rebuild of the other runs)
    expect((await schemaNames('stream_counts')).leftovers).toEqual([]);
    await rebuildProjection({ eventStore: fixture.eventStore, pool: fixture.pool, projection: others });
  });
});
