import type pg from 'pg';
import type { AppendResult } from '../port.ts';
import { appendBatch, type PendingAppend } from './append.ts';

/** Appends sent in one statement at most; a larger queue is sent in several. */
const MAX_GROUP = 64;

interface Queued {
  readonly append: PendingAppend;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: appends are serialised by one lock anyway, so while one is in flight the
 * next ones wait here and are then sent together, in one statement and one transaction,
 * each caller getting its own result or its own error. If the group as a whole fails (one
 * append's data refused by PostgreSQL, say), each of its appends is retried alone, so one
 * bad append never fails another's.
 */
export function createGroupCommit(pool: pg.Pool, options: { readonly enabled: boolean }) {
  const queue: Queued[] = [];
  let flushing = false;

  const send = async (group: readonly Queued[]): Promise<void> => {
    try {
      const outcomes = await appendBatch(
        pool,
        group.map((queued) => queued.append),
      );
      outcomes.forEach((outcome, index) => {
        const queued = group[index]!;
        if ('ok' in outcome) queued.resolve(outcome.ok);
        else queued.reject(outcome.error);
      });
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      for (const queued of group) await send([queued]);
    }
  };

  const flush = async (): Promise<void> => {
    flushing = true;
    try {
      while (queue.length > 0) await send(queue.splice(0, MAX_GROUP));
    } finally {
      flushing = false;
    }
  };

  return {
    append(append: PendingAppend): Promise<AppendResult> {
      return new Promise<AppendResult>((resolve, reject) => {
        const queued = { append, resolve, reject };
        if (!options.enabled) {
          void send([queued]);
          return;
        }
        queue.push(queued);
        if (!flushing) void flush();
      });
    },
  };
}
