import { createPostgresEventStore } from '@bari/event-store';
import { appendLoad } from './append-load.ts';
import { loadFigures } from './latency.ts';

export interface AppendFigures {
  readonly perSec: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * Appends straight through the PostgreSQL event store, on the seeded database (its log and
 * indexes at full size), with one writer and then eight.
 */
export async function measureAppends(
  databaseUrl: string,
  seconds: number,
): Promise<{ oneWriter: AppendFigures; eightWriters: AppendFigures }> {
  const store = createPostgresEventStore({ connectionString: databaseUrl, maxConnections: 10 });
  try {
    const figures = async (writers: number): Promise<AppendFigures> => {
      const run = await appendLoad(store, { writers, seconds });
      const { perSec, p50, p99 } = loadFigures(run.latencies, run.events, run.seconds);
      return { perSec, p50, p99 };
    };
    return { oneWriter: await figures(1), eightWriters: await figures(8) };
  } finally {
    await store.close();
  }
}
