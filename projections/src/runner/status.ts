import type { DatabasePool } from 'slonik';
import { fromCheckpoint, type EventStore, type GlobalPosition } from '@bari/event-store';
import { readCheckpoints } from './checkpoints.ts';
import type { Projection } from './projection.ts';

/** What the checkpoints table says about a projection, whoever runs it. */
export interface ProjectionCheckpointStatus {
  readonly name: string;
  /** Opaque position of the last event reflected in the read model; null before the first. */
  readonly checkpoint: string | null;
  readonly updatedAt: Date | null;
  /** Events in the global log after the checkpoint (counted, not estimated). */
  readonly lag: number;
  /** Why the projection stopped, when its handler threw. */
  readonly error: string | null;
}

const COUNT_BATCH = 1_000;

/** Each projection's checkpoint and lag, read from the database (any process's runner). */
export async function readProjectionStatus(options: {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  readonly projections: readonly Projection[];
  /** Stop counting a lag at this many events (health probes only need "behind or not"). */
  readonly lagLimit?: number;
  /** The checkpoint a runner in this process has reached, when it knows better than the table. */
  readonly reached?: (name: string) => string | null | undefined;
}): Promise<ProjectionCheckpointStatus[]> {
  const names = options.projections.map((projection) => projection.name);
  const rows = await readCheckpoints(options.pool, names);
  // Projections usually share a checkpoint; count each distinct one once.
  const lags = new Map<string, Promise<number>>();
  const lagAfter = (checkpoint: string | null): Promise<number> => {
    const key = checkpoint ?? '';
    let lag = lags.get(key);
    if (!lag) {
      lag = countEventsAfter(
        options.eventStore,
        checkpoint === null ? undefined : fromCheckpoint(checkpoint),
        options.lagLimit,
      );
      lags.set(key, lag);
    }
    return lag;
  };
  return Promise.all(
    names.map(async (name) => {
      const row = rows.get(name);
      const checkpoint = options.reached?.(name) ?? row?.position ?? null;
      return {
        name,
        checkpoint,
        updatedAt: row?.updatedAt ?? null,
        lag: await lagAfter(checkpoint),
        error: row?.error ?? null,
      };
    }),
  );
}

/**
 * Counts the events after a position by reading the log in batches: the port has no count,
 * and positions are not dense (PostgreSQL sequences have gaps, EventStoreDB positions are
 * byte offsets). Cheap when the projection is caught up, which is the usual case.
 */
export async function countEventsAfter(
  eventStore: EventStore,
  after: GlobalPosition | undefined,
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  let count = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, maxCount: Math.min(COUNT_BATCH, limit - count) });
    count += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < COUNT_BATCH || count >= limit) return count;
    after = last.position;
  }
}
