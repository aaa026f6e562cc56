import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDatabasePool, loadMigrations, migrate, sql, type DatabasePool } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import {
  chainHead,
  createPostgresEventStore,
  eventStoreMigrations,
  lastVerification,
  recordVerification,
  verifyHashChain,
  type EventStore,
} from '../src/index.ts';
import { testMetadata as metadata } from '../src/contract/test-support.ts';

const event = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n }, metadata: metadata() });

let database: TestDatabase;
let store: EventStore;
let pool: DatabasePool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url, loadMigrations([eventStoreMigrations]));
  store = createPostgresEventStore({ connectionString: database.url });
  pool = await createDatabasePool(database.url, { maximumPoolSize: 2 });
});
afterAll(async () => {
  await pool?.end();
  await store?.close();
  await database?.drop();
});

describe('the hash-chained log', () => {
  it('verifies an intact log (several streams, multi-event appends, concurrent appends) and names its head', async () => {
    expect(await verifyHashChain(pool)).toEqual({ checked: 0, head: null, brokenAt: null });
    await store.appendToStream('a-1', [event(1), event(2), event(3)], 'no_stream');
    await Promise.all([
      store.appendToStream('b-1', [event(4)], 'any'),
      store.appendToStream('b-2', [event(5), event(6)], 'any'),
      store.appendToStream('a-1', [event(7)], 'any'),
    ]);
    const result = await verifyHashChain(pool);
    expect(result).toMatchObject({ checked: 7, brokenAt: null });
    const head = await chainHead(pool);
    expect(result.head).toEqual(head);
    expect(head?.hash).toMatch(/^[0-9a-f]{64}$/);

    await recordVerification(pool, result);
    expect(await lastVerification(pool)).toMatchObject({
      headPosition: head?.position,
      headHash: head?.hash,
      brokenPosition: null,
    });
  });

  it('fails at the position of an event altered with the append-only triggers disabled', async () => {
    await store.appendToStream('c-1', [event(8), event(9), event(10)], 'no_stream');
    const positions = await pool.anyFirst(sql.type(z.object({ position: z.string() }))`
      select global_position::text as position from events order by global_position
    `);
    const altered = positions[4]!;
    await pool.query(sql.typeAlias('void')`alter table events disable trigger events_refuse_update_delete`);
    await pool.query(sql.typeAlias('void')`
      update events set data = '{"n": 999}'::jsonb where global_position = ${altered}::bigint
    `);
    await pool.query(sql.typeAlias('void')`alter table events enable trigger events_refuse_update_delete`);

    const result = await verifyHashChain(pool);
    expect(result.brokenAt).toBe(altered);
    expect(result.checked).toBe(5);
  });
});
