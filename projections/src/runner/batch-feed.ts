/**
 * The log's batches, read once and shared by a rebuild's lanes, each of which takes them in
 * order at its own pace: a lane that finished a batch goes on to the next while a slower lane
 * is still writing the previous one, instead of every lane waiting for the slowest at each
 * batch. Node then folds one lane's next batch while PostgreSQL writes another's.
 *
 * The next batch is read as soon as a lane takes the one before it; no lane runs more than
 * `maxAhead` batches ahead of the slowest, so at most `maxAhead + 2` batches are in memory.
 */
export interface BatchFeed<T> {
  /** Batch `index` (0, 1, …), once read and within the window; empty past the end. */
  take(index: number): Promise<readonly T[]>;
  /** One lane is done with batch `index`; `onConsumed` runs once every lane is. */
  done(index: number): Promise<void>;
  /** Wakes every waiting lane with this error (a lane failed: the others stop too). */
  abort(error: unknown): void;
  /** Resolves once no read is in flight (after `abort`: none starts again). */
  settled(): Promise<void>;
}

export interface BatchFeedOptions<T> {
  readonly lanes: number;
  readonly batchSize: number;
  readonly maxAhead: number;
  /** Reads the batch after `previous` (undefined for the first). */
  readonly read: (previous: readonly T[] | undefined) => Promise<readonly T[]>;
  /** Called in batch order once all lanes are done with a batch. */
  readonly onConsumed: (batch: readonly T[]) => void | Promise<void>;
}

export function createBatchFeed<T>(options: BatchFeedOptions<T>): BatchFeed<T> {
  const { lanes, batchSize, maxAhead } = options;
  const reads = new Map<number, Promise<readonly T[]>>();
  /** Per batch index still held: how many lanes are done with it. */
  const doneCount = new Map<number, number>();
  /** The lowest batch index not yet consumed by every lane. */
  let slowest = 0;
  let aborted: { error: unknown } | undefined;
  let waiting: Array<() => void> = [];

  const wakeAll = (): void => {
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };

  const readBatch = (index: number): Promise<readonly T[]> => {
    let reading = reads.get(index);
    if (reading) return reading;
    reading =
      index === 0
        ? options.read(undefined)
        : readBatch(index - 1).then((previous) =>
            // After `abort` nothing more is read: every `take` throws from then on.
            previous.length < batchSize || aborted ? [] : options.read(previous),
          );
    // A read nobody awaits yet (read ahead) must not surface as an unhandled rejection.
    reading.catch(() => undefined);
    reads.set(index, reading);
    return reading;
  };

  const throwIfAborted = (): void => {
    if (aborted) throw aborted.error;
  };

  return {
    async take(index) {
      while (index - slowest > maxAhead) {
        throwIfAborted();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      throwIfAborted();
      const batch = await readBatch(index);
      throwIfAborted();
      // Read the next one meanwhile, unless this was the last.
      if (batch.length === batchSize) void readBatch(index + 1);
      return batch;
    },

    async done(index) {
      const count = (doneCount.get(index) ?? 0) + 1;
      doneCount.set(index, count);
      if (count < lanes || index !== slowest) return;
      // Every lane is past `slowest` (and maybe past later ones already): consume in order.
      while ((doneCount.get(slowest) ?? 0) >= lanes) {
        const batch = await readBatch(slowest);
        doneCount.delete(slowest);
        reads.delete(slowest);
        await options.onConsumed(batch);
        slowest += 1;
      }
      wakeAll();
    },

    abort(error) {
      aborted ??= { error };
      wakeAll();
    },

    async settled() {
      await Promise.allSettled(reads.values());
    },
  };
}
