import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabasePool } from 'slonik';
import { createDatabasePool } from '../src/pool.ts';
import { sql } from '../src/sql.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database.ts';

let database: TestDatabase;
let pool: DatabasePool | undefined;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await pool?.end();
  await database.drop();
});

const One = z.object({ one: z.number() });

/** Resolves with the promise's value, or with 'timed out' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

describe('createDatabasePool', () => {
  it.each([1, 2, 3])(
    'given a pool of %i and failed transactions one after the other, then every next query is answered',
    async (size) => {
      pool = await createDatabasePool(database.url, { maximumPoolSize: size });
      for (let attempt = 0; attempt < 4; attempt += 1) {
        // Given a transaction that fails (slonik destroys its connection)
        await expect(
          pool.transaction((tx) => tx.query(sql.type(One)`select 1 / 0 as one`)),
        ).rejects.toMatchObject({ code: '22012' });
        // Then the next query gets a connection (before the fix: queued forever)
        expect(await within(pool.oneFirst(sql.type(One)`select 1 as one`), 5_000)).toBe(1);
      }
    },
  );
});
