import { loadFigures } from './latency.ts';
import { withScratchTable } from './scratch-table.ts';

const SCRATCH = 'bench_commit_floor';

/**
 * The floor an append with one writer is compared with: one client committing one-row
 * INSERTs into a scratch table, one transaction each, on the same database and disk. An
 * append waits for the same durable commit (`fsync`, `synchronous_commit` on), so this tells
 * how much of its time is the machine's and how much is ours; the disk's speed varies from
 * one run to the next on these shared machines. The table is dropped afterwards.
 */
export async function measureCommitFloor(
  databaseUrl: string,
  seconds: number,
): Promise<{ perSec: number; p50: number; p99: number }> {
  return withScratchTable(
    databaseUrl,
    SCRATCH,
    '(id bigint generated always as identity, at timestamptz)',
    async (client) => {
      const latencies: number[] = [];
      const started = performance.now();
      while (performance.now() - started < seconds * 1000) {
        const before = performance.now();
        await client.query({
          name: 'commit-floor',
          text: `insert into ${SCRATCH} (at) values ($1)`,
          values: [new Date()],
        });
        latencies.push(performance.now() - before);
      }
      const { perSec, p50, p99 } = loadFigures(
        latencies,
        latencies.length,
        (performance.now() - started) / 1000,
      );
      return { perSec, p50, p99 };
    },
  );
}
