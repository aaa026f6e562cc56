import { describe, expect, it } from 'vitest';
import { createBatchFeed, type BatchFeedOptions } from './batch-feed.ts';

/** A log of `total` numbered events, read `batchSize` at a time, recording every read. */
function logOf(total: number, batchSize: number) {
  const reads: Array<number | undefined> = [];
  const consumed: number[][] = [];
  const options = {
    batchSize,
    read: async (previous: readonly number[] | undefined) => {
      const after = previous === undefined ? -1 : previous[previous.length - 1]!;
      reads.push(previous === undefined ? undefined : after);
      const from = after + 1;
      return Array.from({ length: Math.max(0, Math.min(batchSize, total - from)) }, (_, i) => from + i);
    },
    onConsumed: (batch: readonly number[]) => {
      consumed.push([...batch]);
    },
  } satisfies Partial<BatchFeedOptions<number>>;
  return { options, reads, consumed };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A lane's loop as the rebuild runs it: take, work, done, until a short batch. */
async function runLane(
  feed: ReturnType<typeof createBatchFeed<number>>,
  work: (batch: readonly number[], index: number) => Promise<void> = async () => undefined,
): Promise<number[][]> {
  const seen: number[][] = [];
  for (let index = 0; ; index += 1) {
    const batch = await feed.take(index);
    seen.push([...batch]);
    await work(batch, index);
    await feed.done(index);
    if (batch.length < 3) return seen;
  }
}

describe('createBatchFeed', () => {
  it('gives every lane every batch in order and consumes each once, in order', async () => {
    // Given a log of 8 events in batches of 3, and two lanes of different speeds
    const log = logOf(8, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 2, maxAhead: 2 });
    // When both run to the end
    const [fast, slow] = await Promise.all([
      runLane(feed),
      runLane(feed, async () => {
        await settle();
        await settle();
      }),
    ]);
    // Then each saw the whole log, and each batch was consumed once, in order
    const expected = [
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ];
    expect(fast).toEqual(expected);
    expect(slow).toEqual(expected);
    expect(log.consumed).toEqual(expected);
    // And the log was read once per batch, each read after the batch before it
    expect(log.reads).toEqual([undefined, 2, 5]);
  });

  it('ends with an empty batch when the log is a whole number of batches', async () => {
    const log = logOf(6, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 1, maxAhead: 2 });
    expect(await runLane(feed)).toEqual([[0, 1, 2], [3, 4, 5], []]);
    expect(log.consumed).toEqual([[0, 1, 2], [3, 4, 5], []]);
  });

  it('reads the next batch while a lane works on this one', async () => {
    const log = logOf(10, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 1, maxAhead: 2 });
    // When the lane has taken the first batch and not yet finished it
    await feed.take(0);
    await settle();
    // Then the second was read already, and no further
    expect(log.reads).toEqual([undefined, 2]);
  });

  it('keeps a fast lane at most maxAhead batches ahead of the slowest', async () => {
    // Given a slow lane that holds batch 0
    const log = logOf(30, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 2, maxAhead: 2 });
    await feed.take(0);
    // When the fast lane runs through batches 0, 1 and 2
    for (const index of [0, 1, 2]) {
      await feed.take(index);
      await feed.done(index);
    }
    // Then batch 3 waits for the slow lane
    let third = false;
    const taking = feed.take(3).then(() => (third = true));
    await settle();
    expect(third).toBe(false);
    expect(log.consumed).toEqual([]);
    // And comes once the slow lane is done with batch 0, which is then consumed
    await feed.done(0);
    await taking;
    expect(third).toBe(true);
    expect(log.consumed).toEqual([[0, 1, 2]]);
  });

  it('consumes a batch only once every lane is done with it, then the ones behind it', async () => {
    const log = logOf(30, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 2, maxAhead: 2 });
    // Given the fast lane done with 0 and 1, the slow one still on 0
    for (const index of [0, 1]) {
      await feed.take(index);
      await feed.done(index);
    }
    await feed.take(0);
    expect(log.consumed).toEqual([]);
    // When the slow lane finishes 0, only 0 is consumed (it has not done 1)
    await feed.done(0);
    expect(log.consumed).toEqual([[0, 1, 2]]);
    // And when it finishes 1, so is 1
    await feed.take(1);
    await feed.done(1);
    expect(log.consumed).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it('wakes a waiting lane with the error when aborted, and refuses later takes', async () => {
    const log = logOf(30, 3);
    const feed = createBatchFeed({ ...log.options, lanes: 2, maxAhead: 0 });
    await feed.take(0);
    await feed.done(0);
    // Given the fast lane waiting for batch 1 (the window is 0)
    const waiting = feed.take(1);
    const failure = new Error('a lane failed');
    // When another lane aborts
    feed.abort(failure);
    // Then the waiting lane gets that error, and so does any later take
    await expect(waiting).rejects.toBe(failure);
    await expect(feed.take(0)).rejects.toBe(failure);
  });

  it('starts no read after an abort, and settles once the read in flight has ended', async () => {
    // Given reads that end only when the test says so
    const pending: Array<() => void> = [];
    const reads: Array<number | undefined> = [];
    const log = logOf(30, 3);
    const feed = createBatchFeed({
      ...log.options,
      lanes: 2,
      maxAhead: 2,
      read: (previous) => {
        reads.push(previous?.at(-1));
        return new Promise<readonly number[]>((resolve) =>
          pending.push(() => void log.options.read(previous).then(resolve)),
        );
      },
    });
    const first = feed.take(0);
    pending.shift()!();
    await first;
    // And the second batch being read ahead
    expect(reads).toEqual([undefined, 2]);
    const waiting = feed.take(1);

    // When a lane fails meanwhile
    const failure = new Error('a lane failed');
    feed.abort(failure);
    let settled = false;
    const settling = feed.settled().then(() => (settled = true));
    await settle();

    // Then the feed is not settled while that read is in flight
    expect(settled).toBe(false);
    // And once it ends, the waiting lane gets the error, nothing more is read, and it settles
    pending.shift()!();
    await expect(waiting).rejects.toBe(failure);
    await settling;
    expect(reads).toEqual([undefined, 2]);
    await expect(feed.take(2)).rejects.toBe(failure);
    await settle();
    expect(reads).toEqual([undefined, 2]);
  });

  it('passes a failed read to the lane that takes that batch', async () => {
    const failure = new Error('connection lost');
    const log = logOf(30, 3);
    const feed = createBatchFeed({
      ...log.options,
      lanes: 1,
      maxAhead: 2,
      read: async (previous) => {
        if (previous !== undefined) throw failure;
        return log.options.read(previous);
      },
    });
    expect(await feed.take(0)).toEqual([0, 1, 2]);
    await feed.done(0);
    await expect(feed.take(1)).rejects.toBe(failure);
  });
});
