import pg from 'pg';

/**
 * Runs `work` on a client of its own with a scratch table created by `definition` (after
 * dropping any leftover of that name), and drops the table afterwards however `work` ends.
 * The baselines measured beside our own figures write there, never into the app's tables.
 */
export async function withScratchTable<T>(
  databaseUrl: string,
  table: string,
  definition: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop table if exists ${table}`);
    await client.query(`create table ${table} ${definition}`);
    return await work(client);
  } finally {
    await client.query(`drop table if exists ${table}`).catch(() => undefined);
    await client.end();
  }
}
