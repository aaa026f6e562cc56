import type { DatabasePoolConnection, DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import type { RecordedEvent } from '@bari/event-store';
import { sql } from '@bari/db';
import { applyBatch, findPoisonEvent } from './apply.ts';
import type { Projection, ReplaySession, TableNames } from './projection.ts';
import { isTransient } from './transient.ts';

/*
 * One replay batch of a rebuild, as a lane runs it: its own transaction, retried when it
 * failed for a transient reason; any other failure names the poison event.
 */

/** A projection being rebuilt into its `__rebuild` tables. */
export interface ReplayTarget {
  readonly projection: Projection;
  readonly tables: TableNames;
}

/**
 * A replay session (`ReplaySession`) whose effects are collected per attempt: `attempt()`
 * hands a fresh session to each transaction, and `commit` runs its effects once it committed.
 */
export function createReplaySession(): {
  attempt(): { readonly session: ReplaySession; commit(): void };
} {
  const memory = new Map<string, unknown>();
  return {
    attempt() {
      const effects: (() => void)[] = [];
      return {
        session: { memory, afterCommit: (effect) => void effects.push(effect) },
        commit: () => effects.splice(0).forEach((effect) => effect()),
      };
    },
  };
}

/**
 * Applies a batch to one target; a failure that is not transient names its poison event.
 * `replay`: the target's session during the replay (not in the catch-up).
 */
export async function applyOrExplain(
  connection: DatabasePoolConnection,
  tx: DatabaseTransactionConnection,
  target: ReplayTarget,
  batch: readonly RecordedEvent[],
  replay?: ReplaySession,
): Promise<number> {
  try {
    return await applyBatch(tx, target.projection, batch, target.tables, 'rebuild', replay);
  } catch (error) {
    if (isTransient(error)) throw error;
    // The probe needs its own transaction; ours is aborted. It runs after ours rolls back.
    throw new DeferredPoisonSearch(async () =>
      findPoisonEvent(
        (work) => connection.transaction(work),
        target.projection,
        batch,
        target.tables,
        'rebuild',
        error,
      ),
    );
  }
}

/** Carries the poison search out of the failed transaction, to run once it has rolled back. */
export class DeferredPoisonSearch extends Error {
  constructor(readonly search: () => Promise<Error>) {
    super('A rebuild batch failed');
  }
}

/**
 * What a failed rebuild transaction is judged by: its error, or for a deferred poison search the
 * error naming the poison event, or the search's own failure (`findPoisonEvent` rejects when it
 * failed for a transient reason, and the transaction is then tried again).
 */
export async function failureOf(error: unknown): Promise<unknown> {
  return error instanceof DeferredPoisonSearch
    ? error.search().catch((searchError: unknown) => searchError)
    : error;
}

const REPLAY_ATTEMPTS = 5;

/** One replay transaction, retried when it failed for a transient reason. */
export async function replayBatch<T>(
  connection: DatabasePoolConnection,
  work: (tx: DatabaseTransactionConnection) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await connection.transaction(async (tx) => {
        await withoutSequentialScans(tx);
        return work(tx);
      });
    } catch (error) {
      const failure = await failureOf(error);
      if (attempt >= REPLAY_ATTEMPTS || !isTransient(failure)) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

/**
 * The fresh tables have no statistics until the load is over (`ANALYZE` runs before the
 * swap), so the planner takes them for empty and reads a whole table for each batch's
 * `id = any(…)` load: a scan that grows with the table, quadratic over the replay. Their
 * primary keys always serve those lookups better.
 */
async function withoutSequentialScans(tx: DatabaseTransactionConnection): Promise<void> {
  await tx.query(sql.type(z.object({ value: z.string() }))`
    select set_config('enable_seqscan', 'off', true) as value
  `);
}
