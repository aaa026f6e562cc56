/**
 * Event store benchmark: append throughput (one writer, then 8 concurrent writers on distinct
 * streams, all serialised by the global append lock) and global-log read rate, on a throw-away
 * embedded PostgreSQL. Prints figures; asserts nothing.
 *
 *   npm run bench:event-store [-- <events per writer>]
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseIfMissing, loadMigrations, migrate, startEmbeddedPostgres } from '@bari/db';
import { freePort } from '@bari/db/testing';
import { createPostgresEventStore, eventStoreMigrations } from '@bari/event-store';
import { appendLoad } from './append-load.ts';

const perWriter = Number(process.argv[2] ?? 500);
const parent = mkdtempSync(join(tmpdir(), 'bari-bench-'));
chmodSync(parent, 0o755);
const server = await startEmbeddedPostgres({
  dataDir: join(parent, 'cluster'),
  port: await freePort(),
  ephemeral: true,
});
try {
  await createDatabaseIfMissing(server.adminUrl, 'bench');
  await migrate(server.urlFor('bench'), loadMigrations([eventStoreMigrations]));
  const store = createPostgresEventStore({ connectionString: server.urlFor('bench'), maxConnections: 10 });
  try {
    report('1 writer', await appendLoad(store, { writers: 1, perWriter }));
    report('8 writers', await appendLoad(store, { writers: 8, perWriter }));
    const started = performance.now();
    let read = 0;
    let after;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 1000 });
      if (batch.length === 0) break;
      read += batch.length;
      after = batch.at(-1)!.position;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `read global log: ${read} events in ${seconds.toFixed(2)} s = ${Math.round(read / seconds)} events/s`,
    );
  } finally {
    await store.close();
  }
} finally {
  await server.stop();
  rmSync(parent, { recursive: true, force: true });
}

function report(label: string, result: { events: number; seconds: number; latencies: number[] }) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(
    `append, ${label}: ${result.events} events in ${result.seconds.toFixed(2)} s = ` +
      `${Math.round(result.events / result.seconds)} events/s; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
}
