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

  // Each group is taken on a later turn of the event loop than the previous group's results:
  // callers woken by those results append again within that turn, and taking the queue any
  // sooner would split them into a group of the first few and a group of the rest.
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  const flush = async (): Promise<void> => {
    try {
      do {
        await nextTurn();
        await send(queue.splice(0, MAX_GROUP));
      } while (queue.length > 0);
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
        if (flushing) return;
        flushing = true;
        void flush();
      });
    },
  };
}
