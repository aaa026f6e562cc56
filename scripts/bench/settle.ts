import pg from 'pg';

/**
 * `VACUUM (ANALYZE)` of every table the owner role owns, as an operator runs after a bulk
 * load, timed. A freshly seeded log and freshly rebuilt read models set autovacuum off on
 * every large table a minute or two later, and on two cores that vacuum shares the machine
 * with whatever is measured then (on a 20,000-patient database it started on `audit_log` and
 * `patients` during the first measurement after a rebuild). Done here at full speed (no cost
 * delay), the figures that follow are those of a settled service; its time is reported.
 */
export async function settleDatabase(ownerUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and c.relpersistence = 'p'
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and pg_has_role(c.relowner, 'USAGE')
      order by 1
    `);
    // An autovacuum already at work on one of them yields its lock to this one.
    if (rows.length > 0) await client.query(`vacuum (analyze) ${rows.map((row) => row.name).join(', ')}`);
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}
