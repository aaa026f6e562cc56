import type { DatabasePool, DatabasePoolConnection } from 'slonik';
import { z } from 'zod';
import {
  comparePositions,
  fromCheckpoint,
  toCheckpoint,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@bari/event-store';
import { applyEvents, tableMapper } from './apply.ts';
import { lockCheckpoint, saveCheckpoint } from './checkpoints.ts';
import { assertValidProjections, type Projection } from './projection.ts';
import { createRebuildTables, dropRebuildTables, rebuildTable, swapInRebuildTables } from './swap.ts';
import { sql } from '../sql.ts';

export interface RebuildProgress {
  /**
   * `replay`: after each batch written to the fresh tables; `catch-up`: the live checkpoint
   * is locked, the last events are being applied; `swap`: the fresh tables have replaced the
   * live ones, the transaction is about to commit.
   */
  readonly phase: 'replay' | 'catch-up' | 'swap';
  /** Events read from the log so far, and how many of them the projection handled. */
  readonly events: number;
  readonly handled: number;
  /** Position of the last event read. */
  readonly position: GlobalPosition | undefined;
  /** The head of the log when the rebuild started (for a progress estimate). */
  readonly head: GlobalPosition | undefined;
}

export interface RebuildOptions {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  readonly projection: Projection;
  /** Events per replay transaction. Default 1000. */
  readonly batchSize?: number;
  /** Called after each step; the rebuild waits for a returned promise. */
  readonly onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

export interface RebuildResult {
  readonly events: number;
  readonly handled: number;
  readonly seconds: number;
  /** The projection's checkpoint after the swap. */
  readonly checkpoint: string | null;
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

/**
 * Rebuilds a projection from the start of the log without stopping its live runner: replays
 * into fresh `<table>__rebuild` copies in batches, then, in one transaction holding the live
 * checkpoint's lock, applies the events appended meanwhile, swaps the copies in and sets the
 * checkpoint. Until that commit the live tables and checkpoint are untouched, so a rebuild
 * killed at any point changes nothing; the next one drops its leftovers and starts over.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, projection } = options;
  assertValidProjections([projection]);
  return pool.connect(async (connection) => {
    const locked = await connection.oneFirst(sql.type(z.object({ locked: z.boolean() }))`
      select pg_try_advisory_lock(${REBUILD_LOCK_NAMESPACE}, hashtext(${projection.name})) as locked
    `);
    if (!locked) throw new RebuildInProgressError(projection.name);
    try {
      return await rebuildHoldingLock(connection, options);
    } finally {
      await connection.query(sql.type(z.object({ unlocked: z.boolean() }))`
        select pg_advisory_unlock(${REBUILD_LOCK_NAMESPACE}, hashtext(${projection.name})) as unlocked
      `);
    }
  });
}

async function rebuildHoldingLock(
  connection: DatabasePoolConnection,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const { eventStore, projection } = options;
  const batchSize = options.batchSize ?? 1_000;
  const started = performance.now();
  const tables = tableMapper(projection, rebuildTable);
  const head = await eventStore.headPosition();
  let events = 0;
  let handled = 0;
  let position: GlobalPosition | undefined;
  const report = async (phase: RebuildProgress['phase']): Promise<void> => {
    await options.onProgress?.({ phase, events, handled, position, head });
  };
  const read = (): Promise<RecordedEvent[]> => eventStore.readAll({ after: position, maxCount: batchSize });
  const consumed = (batch: readonly RecordedEvent[], applied: number): void => {
    events += batch.length;
    handled += applied;
    position = batch[batch.length - 1]?.position ?? position;
  };

  await connection.transaction(async (tx) => {
    await dropRebuildTables(tx, projection.tables);
    await createRebuildTables(tx, projection.tables);
  });
  try {
    // Replay until a batch comes back short: the copies are then about as fresh as the log.
    for (;;) {
      const batch = await read();
      if (batch.length > 0)
        consumed(batch, await connection.transaction((tx) => applyEvents(tx, projection, batch, tables)));
      await report('replay');
      if (batch.length < batchSize) break;
    }

    const checkpoint = await connection.transaction(async (tx) => {
      // The live runner waits here until the swap commits, then sees the new checkpoint.
      const live = await lockCheckpoint(tx, projection.name);
      await report('catch-up');
      for (let batch = await read(); batch.length > 0; batch = await read()) {
        consumed(batch, await applyEvents(tx, projection, batch, tables));
      }
      if (live !== null && (position === undefined || comparePositions(fromCheckpoint(live), position) > 0)) {
        throw new Error(`Projection ${projection.name}: the live checkpoint ${live} is ahead of the rebuild`);
      }
      await swapInRebuildTables(tx, projection.tables);
      const next = position === undefined ? null : toCheckpoint(position);
      await saveCheckpoint(tx, projection.name, next);
      await report('swap');
      return next;
    });
    return { events, handled, seconds: (performance.now() - started) / 1000, checkpoint };
  } catch (error) {
    // Best effort: a leftover is harmless (the next rebuild drops it) but takes space.
    await dropRebuildTables(connection, projection.tables).catch(() => undefined);
    throw error;
  }
}
