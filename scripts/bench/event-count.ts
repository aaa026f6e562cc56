import pg from 'pg';

/** How many events the log holds. */
export async function countEvents(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) as count from events');
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}
