import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { settleDatabase } from './settle.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

async function query(url: string, text: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('settleDatabase, before the benchmark measures', () => {
  it('vacuums and analyses every table the owner owns, a freshly loaded one included, and says how long it took', async () => {
    // Given two freshly loaded tables of the owner's, never vacuumed nor analysed
    await query(
      database.url,
      `create table loaded (id int primary key, note text);
       insert into loaded select g, 'x' from generate_series(1, 5000) g;
       create table "Quoted Name" (id int);
       insert into "Quoted Name" values (1);`,
    );

    // When the benchmark settles the database
    const seconds = await settleDatabase(database.url);

    // Then both were vacuumed and analysed (the statistics say so), and the time is reported
    const stats = await query(
      database.url,
      `select relname, vacuum_count + autovacuum_count > 0 as vacuumed, analyze_count + autoanalyze_count > 0 as analysed
       from pg_stat_user_tables where relname in ('loaded', 'Quoted Name') order by relname`,
    );
    expect(stats).toEqual([
      { relname: 'Quoted Name', vacuumed: true, analysed: true },
      { relname: 'loaded', vacuumed: true, analysed: true },
    ]);
    const [planned] = await query(database.url, `select reltuples from pg_class where relname = 'loaded'`);
    expect(planned!.reltuples).toBe(5000);
    expect(seconds).toBeGreaterThan(0);
  });
});
