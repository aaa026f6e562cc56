import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withScratchTable } from './scratch-table.ts';

const SCRATCH = 'bench_baseline_events';
const ROWS_PER_STATEMENT = 1_000;
const MAX_ROWS = 300_000;

/**
 * The floor a rebuild is compared with: multi-row INSERTs (1,000 rows a statement, one
 * client) into a scratch table shaped like `events` (its columns, defaults, constraints and
 * indexes: `like … including all`), the rows copied from the log's own latest events so they
 * weigh what real events weigh. Runs for about `seconds`; the table is dropped afterwards.
 */
export async function measureBaselineInsert(databaseUrl: string, seconds: number): Promise<number> {
  return withScratchTable(databaseUrl, SCRATCH, '(like events including all)', async (client) => {
    // Every column the log fills itself, whatever the event store adds to it later.
    const { rows: columnRows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'events'
          and is_identity = 'NO' and is_generated = 'NEVER'
        order by ordinal_position`,
    );
    const columns = columnRows.map((row) => row.column_name);
    const { rows: sample } = await client.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(e) as row from (select ${columns.map((c) => pg.escapeIdentifier(c)).join(', ')}
         from events order by global_position desc limit ${ROWS_PER_STATEMENT}) e`,
    );
    if (sample.length === 0) throw new Error('the event log is empty: nothing to copy for the baseline');
    const columnList = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
    const placeholders = sample
      .map((_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`)
      .join(', ');
    const statement = `insert into ${SCRATCH} (${columnList}) values ${placeholders}`;

    let inserted = 0;
    const started = performance.now();
    for (let batch = 0; inserted < MAX_ROWS && performance.now() - started < seconds * 1000; batch += 1) {
      const values = sample.flatMap(({ row }, index) =>
        columns.map((column) => {
          // Unique per row, as the log's own constraints require.
          if (column === 'event_id') return randomUUID();
          if (column === 'stream_id') return `bench-baseline-${batch}`;
          if (column === 'stream_revision') return index;
          const value = row[column];
          return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
        }),
      );
      await client.query(statement, values);
      inserted += sample.length;
    }
    return Math.round(inserted / ((performance.now() - started) / 1000));
  });
}
