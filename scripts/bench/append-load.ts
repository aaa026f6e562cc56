import { randomUUID } from 'node:crypto';
import type { EventStore } from '@bari/event-store';

const metadata = {
  userId: null,
  userEmail: null,
  clientIp: '127.0.0.1',
  correlationId: 'benchmark',
  timestamp: new Date().toISOString(),
};

export interface AppendRun {
  readonly events: number;
  readonly seconds: number;
  readonly latencies: number[];
}

/**
 * `writers` concurrent writers, each appending one event at a time to its own new stream
 * (so they contend only on the store's global ordering, never on a stream), until each has
 * written `perWriter` events or `seconds` have passed. Event types no projection handles:
 * the read models ignore them.
 */
export async function appendLoad(
  store: EventStore,
  options: { readonly writers: number; readonly perWriter?: number; readonly seconds?: number },
): Promise<AppendRun> {
  const started = performance.now();
  const deadline = options.seconds === undefined ? Infinity : started + options.seconds * 1000;
  const limit = options.perWriter ?? Infinity;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: options.writers }, async (_, writer) => {
      const stream = `bench-${writer}-${randomUUID()}`;
      for (let revision = 0; revision < limit && performance.now() < deadline; revision += 1) {
        const before = performance.now();
        await store.appendToStream(
          stream,
          [
            {
              id: randomUUID(),
              type: 'BenchmarkEvent',
              data: { revision, payload: 'x'.repeat(200) },
              metadata,
            },
          ],
          revision === 0 ? 'no_stream' : BigInt(revision - 1),
        );
        latencies.push(performance.now() - before);
      }
    }),
  );
  return { events: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}
