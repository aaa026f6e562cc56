import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/migrations.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database.ts';

let database: TestDatabase;
let folder: string;

beforeEach(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(join(tmpdir(), 'bari-migrations-'));
  mkdirSync(join(folder, 'a'));
  writeFileSync(join(folder, 'a', '001_first.sql'), 'create table first (id int primary key);');
  writeFileSync(join(folder, 'a', '002_second.sql'), 'alter table first add column name text;');
});
afterEach(() => database.drop());

const sources = () => [{ name: 'a', directory: join(folder, 'a') }];

async function tables(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('migrate', () => {
  it('applies versioned files in order, once: a second start applies nothing', async () => {
    expect(await migrate(database.url, loadMigrations(sources()))).toEqual([
      'a/001_first.sql',
      'a/002_second.sql',
    ]);
    expect(await migrate(database.url, loadMigrations(sources()))).toEqual([]);
    expect(await tables()).toEqual(['first', 'schema_migrations']);
  });

  it('lets two processes starting together migrate without racing', async () => {
    const results = await Promise.all([
      migrate(database.url, loadMigrations(sources())),
      migrate(database.url, loadMigrations(sources())),
    ]);
    expect(results.flat().sort()).toEqual(['a/001_first.sql', 'a/002_second.sql']);
  });

  it('rolls back a failing migration whole and names it, keeping the ones before', async () => {
    writeFileSync(
      join(folder, 'a', '003_broken.sql'),
      'create table third (id int); select * from missing_table;',
    );
    await expect(migrate(database.url, loadMigrations(sources()))).rejects.toThrow(/a\/003_broken\.sql/);
    expect(await tables()).toEqual(['first', 'schema_migrations']);
    writeFileSync(join(folder, 'a', '003_broken.sql'), 'create table third (id int);');
    expect(await migrate(database.url, loadMigrations(sources()))).toEqual(['a/003_broken.sql']);
  });
});
