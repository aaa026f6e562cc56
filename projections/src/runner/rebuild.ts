import type { DatabasePool, DatabasePoolConnection, DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import {
  comparePositions,
  fromCheckpoint,
  toCheckpoint,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@bari/event-store';
import { tableMapper } from './apply.ts';
import { applyOrExplain, createReplaySession, failureOf, replayBatch } from './replay-batch.ts';
import { lockCheckpoint, saveCheckpoint } from './checkpoints.ts';
import { assertValidProjections, type Projection, type TableNames } from './projection.ts';
import {
  createRebuildTables,
  dropRebuildTables,
  rebuildTable,
  swapInRebuildTables,
  type IndexToCopy,
} from './swap.ts';
import { withLanes, type Lane } from './lanes.ts';
import { createFinishingQueue } from './finishing-queue.ts';
import { createBatchFeed } from './batch-feed.ts';
import { isTransient } from './transient.ts';
import { sql } from '@bari/db';

export interface RebuildProgress {
  /**
   * `replay`: after each batch written to the fresh tables; `indexes`: the load is over, the
   * deferred indexes are being built; `catch-up`: the live checkpoints are locked, the last
   * events are being applied; `swap`: the fresh tables have replaced the live ones, the
   * transaction is about to commit.
   */
  readonly phase: 'replay' | 'indexes' | 'catch-up' | 'swap';
  /**
   * Events read from the log and applied by every projection so far, and how many events the
   * projections handled (during the replay, a lane ahead of the others has counted more).
   */
  readonly events: number;
  readonly handled: number;
  /** Position of the last event applied (during the replay: by every projection). */
  readonly position: GlobalPosition | undefined;
  /** The head of the log when the rebuild started (for a progress estimate). */
  readonly head: GlobalPosition | undefined;
}

export interface RebuildOptions {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  /** Rebuilt together, from one pass over the log, and swapped in one transaction. */
  readonly projections: readonly Projection[];
  /** Events per replay transaction. Default 5000. */
  readonly batchSize?: number;
  /** Longest the swap waits for a live runner's lock before it rolls back and tries again. Default 2000 ms. */
  readonly swapLockTimeoutMs?: number;
  /** Swap attempts before giving up (the rebuilt tables are kept across attempts). Default 30. */
  readonly swapAttempts?: number;
  /**
   * Connections replaying at once, the rebuild's own plus `replayLanes - 1` more from the pool
   * (which must have them to spare). Each projection writes only its own `__rebuild` tables,
   * so they need not share a transaction: on two lanes the patients and the audit projections
   * (nearly all of the work) are written at the same time, PostgreSQL on both cores. Default 1.
   */
  readonly replayLanes?: number;
  /** Called after each step; the rebuild waits for a returned promise. */
  readonly onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

export interface RebuildResult {
  readonly events: number;
  /** Events handled, summed over the projections, and per projection. */
  readonly handled: number;
  readonly handledBy: Readonly<Record<string, number>>;
  readonly seconds: number;
  /** The projections' checkpoint after the swap. */
  readonly checkpoint: string | null;
  /** Swap transactions tried (more than one when live runners held the locks too long). */
  readonly swapAttempts: number;
}

/** Another rebuild of the same projection holds its lock (in this or another process). */
export class RebuildInProgressError extends Error {
  override readonly name = 'RebuildInProgressError';

  constructor(readonly projection: string) {
    super(`A rebuild of projection ${projection} is already running`);
  }
}

// Session advisory lock keyed (namespace, hashtext(name)); the two-key form never collides
// with the single-key locks of migrations (7340201) and appends (7340202).
const REBUILD_LOCK_NAMESPACE = 7_340_203;
const LockedSchema = z.object({ locked: z.boolean() });

/** Rebuilds one projection (see `rebuildProjections`). */
export async function rebuildProjection(
  options: Omit<RebuildOptions, 'projections'> & { readonly projection: Projection },
): Promise<RebuildResult> {
  return rebuildProjections({ ...options, projections: [options.projection] });
}

/**
 * Rebuilds projections from the start of the log without stopping their live runner: one
 * pass over the log feeds every projection's fresh `<table>__rebuild` copies (loaded without
 * their secondary indexes, which are built after the load, then analysed); then, in one
 * transaction holding the live checkpoints' locks, the events appended meanwhile are
 * applied, the copies swapped in and the checkpoints set. Until that commit the live tables
 * and checkpoints are untouched, so a rebuild killed at any point changes nothing; the next
 * one drops its leftovers and starts over. A swap that cannot get its locks in time is
 * retried alone: the loaded copies are kept.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, projections } = options;
  assertValidProjections(projections);
  return pool.connect(async (connection) => {
    const locked: string[] = [];
    try {
      for (const projection of projections) {
        const got = await connection.oneFirst(sql.type(LockedSchema)`
          select pg_try_advisory_lock(${REBUILD_LOCK_NAMESPACE}, hashtext(${projection.name})) as locked
        `);
        if (!got) throw new RebuildInProgressError(projection.name);
        locked.push(projection.name);
      }
      return await rebuildHoldingLocks(connection, options);
    } finally {
      for (const name of locked) {
        await connection.query(sql.type(z.object({ unlocked: z.boolean() }))`
          select pg_advisory_unlock(${REBUILD_LOCK_NAMESPACE}, hashtext(${name})) as unlocked
        `);
      }
    }
  });
}

interface Target {
  readonly projection: Projection;
  readonly tables: TableNames;
  readonly replay: ReturnType<typeof createReplaySession>;
  handled: number;
}

async function rebuildHoldingLocks(
  connection: DatabasePoolConnection,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const { eventStore, projections } = options;
  const batchSize = options.batchSize ?? 5_000;
  const started = performance.now();
  const targets: Target[] = projections.map((projection) => ({
    projection,
    tables: tableMapper(projection, rebuildTable),
    replay: createReplaySession(),
    handled: 0,
  }));
  const allTables = projections.flatMap((projection) => projection.tables);
  const head = await eventStore.headPosition();
  let events = 0;
  let position: GlobalPosition | undefined;
  const handled = (): number => targets.reduce((sum, target) => sum + target.handled, 0);
  const report = async (phase: RebuildProgress['phase']): Promise<void> => {
    await options.onProgress?.({ phase, events, handled: handled(), position, head });
  };
  const read = (after: GlobalPosition | undefined): Promise<RecordedEvent[]> =>
    eventStore.readAll({ after, maxCount: batchSize });
  const everyTarget = targets.map((_, index) => index);
  /**
   * Applies a batch to some targets in `tx`. Their handled counts grow when `committed` is
   * called, after the commit, so that a retried transaction does not count twice; then each
   * target's replay effects run (`replaying`: during the replay, not in the catch-up).
   */
  const applyTo = async (
    on: DatabasePoolConnection,
    tx: DatabaseTransactionConnection,
    indexes: readonly number[],
    batch: readonly RecordedEvent[],
    replaying: boolean,
  ) => {
    const counts: number[] = [];
    // Only a projection that writes what it keeps gets a session (`finishReplay`).
    const attempts = indexes.map((index) =>
      replaying && targets[index]!.projection.finishReplay ? targets[index]!.replay.attempt() : undefined,
    );
    for (const [i, index] of indexes.entries()) {
      counts.push(await applyOrExplain(on, tx, targets[index]!, batch, attempts[i]?.session));
    }
    return {
      committed: () =>
        indexes.forEach((index, i) => {
          targets[index]!.handled += counts[i]!;
          attempts[i]?.commit();
        }),
    };
  };
  /** What a lane's projections kept during the replay, written once its last batch is in. */
  const finishReplay = async (lane: Lane): Promise<void> => {
    for (const index of lane.targets) {
      const { projection, tables, replay } = targets[index]!;
      const finish = projection.finishReplay;
      if (!finish) continue;
      const committed = await replayBatch(lane.connection, async (tx) => {
        const attempt = replay.attempt();
        await finish({ tx, tables, mode: 'rebuild', replay: attempt.session });
        return attempt;
      });
      committed.commit();
    }
  };
  /** A batch every target has applied: the replay's progress moves past it. */
  const consumed = (batch: readonly RecordedEvent[]): void => {
    events += batch.length;
    position = batch[batch.length - 1]?.position ?? position;
  };

  /** The indexes each target's tables get once loaded. */
  const deferred: IndexToCopy[][] = [];
  await connection.transaction(async (tx) => {
    await dropRebuildTables(tx, allTables);
    for (const { projection } of targets) {
      const kept = [
        ...(projection.indexesUsedByApply ?? []),
        ...(projection.indexesMaintainedDuringLoad ?? []),
      ];
      deferred.push(await createRebuildTables(tx, projection.tables, kept));
    }
  });
  try {
    // Replay until a batch comes back short. Each lane takes the batches in order at its own
    // pace (`createBatchFeed`): the next one is read while the lanes write, and a lane that is
    // done goes on while a slower one still writes. A lane whose replay is over finishes its
    // tables (indexes, statistics) at once, while the others still replay, then helps them
    // finish theirs.
    await withLanes(connection, options.pool, targets, options.replayLanes ?? 1, async (lanes) => {
      const finishing = createFinishingQueue(
        lanes.length,
        targets.map(({ projection }, index) => ({ tables: projection.tables, deferred: deferred[index]! })),
        () => report('indexes'),
      );
      const feed = createBatchFeed<RecordedEvent>({
        lanes: lanes.length,
        batchSize,
        maxAhead: MAX_LANE_LEAD,
        read: (previous) => read(previous === undefined ? position : previous[previous.length - 1]!.position),
        onConsumed: async (batch) => {
          consumed(batch);
          await report('replay');
        },
      });
      await allLanes(
        lanes.map((lane) => async () => {
          for (let index = 0; ; index += 1) {
            const batch = await feed.take(index);
            if (batch.length > 0) {
              const applied = await replayBatch(lane.connection, (tx) =>
                applyTo(lane.connection, tx, lane.targets, batch, true),
              );
              applied.committed();
            }
            await feed.done(index);
            if (batch.length < batchSize) break;
          }
          await finishReplay(lane);
          await feed.settled();
          await finishing.run(lane);
        }),
        (error) => {
          feed.abort(error);
          finishing.abort();
        },
        // A read started before the failure ends before the connections go back to the pool.
        () => feed.settled(),
      );
    });

    const { value: checkpoint, attempts: swapAttempts } = await swapWithRetries(
      connection,
      options,
      async (tx) => {
        // The live runners wait here until the swap commits, then see the new checkpoints.
        const live = new Map<string, string | null>();
        for (const { projection } of targets)
          live.set(projection.name, await lockCheckpoint(tx, projection.name));
        await report('catch-up');
        const before = { events, position, handled: targets.map((target) => target.handled) };
        try {
          // Up to the head as it is now: appends keep coming while this transaction runs, and
          // reading until the log is quiet may never end (the live runners take what follows
          // from the checkpoint set here). Positions commit in order, so all up to it are visible.
          const until = await eventStore.headPosition();
          while (until !== undefined && (position === undefined || comparePositions(position, until) < 0)) {
            const batch = (await read(position)).filter(
              (event) => comparePositions(event.position, until) <= 0,
            );
            if (batch.length === 0) break;
            // Counted now: if this transaction rolls back, the counts are restored below.
            (await applyTo(connection, tx, everyTarget, batch, false)).committed();
            consumed(batch);
          }
          for (const [name, checkpoint] of live) {
            if (
              checkpoint !== null &&
              (position === undefined || comparePositions(fromCheckpoint(checkpoint), position) > 0)
            ) {
              throw new Error(
                `Projection ${name}: the live checkpoint ${checkpoint} is ahead of the rebuild`,
              );
            }
          }
          await swapInRebuildTables(tx, allTables);
          const next = position === undefined ? null : toCheckpoint(position);
          for (const { projection } of targets) await saveCheckpoint(tx, projection.name, next);
          await report('swap');
          return next;
        } catch (error) {
          // Rolled back: what the catch-up applied is gone and will be applied again.
          ({ events, position } = before);
          before.handled.forEach((count, index) => (targets[index]!.handled = count));
          throw error;
        }
      },
    );
    return {
      events,
      handled: handled(),
      handledBy: Object.fromEntries(targets.map((target) => [target.projection.name, target.handled])),
      seconds: (performance.now() - started) / 1000,
      checkpoint,
      swapAttempts,
    };
  } catch (error) {
    // Best effort: a leftover is harmless (the next rebuild drops it) but takes space.
    await dropRebuildTables(connection, allTables).catch(() => undefined);
    throw error;
  }
}

/** How many batches a replay lane may run ahead of the slowest one. */
const MAX_LANE_LEAD = 2;

/**
 * Runs the lanes' loops side by side. Each failure is passed to `onFailure` (the first stops
 * the others); once no lane is still working and `settle` has resolved, the failure of the
 * lowest lane is thrown: the connections go back to the pool only then.
 */
async function allLanes(
  loops: readonly (() => Promise<void>)[],
  onFailure: (error: unknown) => void,
  settle: () => Promise<void>,
): Promise<void> {
  const done = await Promise.allSettled(
    loops.map((loop) =>
      loop().catch((error: unknown) => {
        onFailure(error);
        throw error;
      }),
    ),
  );
  const failure = done.find((result) => result.status === 'rejected');
  if (failure) {
    await settle();
    throw failure.reason;
  }
}

/** Runs the swap transaction, retrying only it when a lock was not available in time. */
async function swapWithRetries<T>(
  connection: DatabasePoolConnection,
  options: RebuildOptions,
  swap: (tx: DatabaseTransactionConnection) => Promise<T>,
): Promise<{ value: T; attempts: number }> {
  const attempts = options.swapAttempts ?? 30;
  const lockTimeout = `${Math.max(1, Math.round(options.swapLockTimeoutMs ?? 2_000))}ms`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const value = await connection.transaction(async (tx) => {
        await tx.query(sql.type(z.object({ value: z.string() }))`
          select set_config('lock_timeout', ${lockTimeout}, true) as value
        `);
        return swap(tx);
      });
      return { value, attempts: attempt };
    } catch (error) {
      // Only the swap is tried again, the rebuilt tables kept.
      const failure = await failureOf(error);
      if (attempt >= attempts || !isTransient(failure)) throw failure;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
    }
  }
}
