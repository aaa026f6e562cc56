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
  verifiedAnchors,
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
    expect(await verifyHashChain(pool)).toEqual({
      checked: 0,
      head: null,
      brokenAt: null,
      anchorBroken: null,
    });
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

  it('names as head the last event it checked, not one appended while it walked', async () => {
    const before = (await chainHead(pool))!;
    // A log that grows while it is read: an append lands right after the walk's read.
    const any = (async (...args: Parameters<DatabasePool['any']>) => {
      const rows = await pool.any(...args);
      await store.appendToStream(`late-${randomUUID()}`, [event(99)], 'no_stream');
      return rows;
    }) as DatabasePool['any'];
    const racing = Object.assign(Object.create(pool) as DatabasePool, { any });
    const result = await verifyHashChain(racing);
    expect(result.head).toEqual(before);
    expect(BigInt((await chainHead(pool))!.position)).toBeGreaterThan(BigInt(before.position));
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

describe('known heads (earlier verifications, or one noted by an administrator)', () => {
  let own: TestDatabase;
  let ownStore: EventStore;
  let db: DatabasePool;

  beforeAll(async () => {
    own = await createTestDatabase();
    await migrate(own.url, loadMigrations([eventStoreMigrations]));
    ownStore = createPostgresEventStore({ connectionString: own.url });
    db = await createDatabasePool(own.url, { maximumPoolSize: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await ownStore?.close();
    await own?.drop();
  });

  /** What a superuser could do: change the log with the append-only trigger switched off. */
  const tamper = async (statement: Parameters<DatabasePool['query']>[0]) => {
    await db.query(sql.typeAlias('void')`alter table events disable trigger events_refuse_update_delete`);
    await db.query(statement);
    await db.query(sql.typeAlias('void')`alter table events enable trigger events_refuse_update_delete`);
  };

  it('catch a tail removed and a chain recomputed after an alteration, which leave every link intact', async () => {
    await ownStore.appendToStream('d-1', [event(1), event(2), event(3), event(4)], 'no_stream');
    const first = await verifyHashChain(db);
    expect(first).toMatchObject({ brokenAt: null, anchorBroken: null });
    await recordVerification(db, first);
    await ownStore.appendToStream('d-1', [event(5), event(6)], 'any');
    const anchors = await verifiedAnchors(db);
    expect(anchors).toEqual([expect.objectContaining(first.head)]);
    expect(await verifyHashChain(db, anchors)).toMatchObject({ checked: 6, anchorBroken: null });

    // The newest events and the verified head removed: every remaining link is intact.
    await tamper(
      sql.typeAlias('void')`delete from events where global_position >= ${first.head!.position}::bigint`,
    );
    const truncated = await verifyHashChain(db, anchors);
    expect(truncated).toMatchObject({ checked: 3, brokenAt: null });
    expect(truncated.anchorBroken).toEqual({ anchor: anchors[0], found: 'missing' });
    expect(await verifyHashChain(db)).toMatchObject({ brokenAt: null, anchorBroken: null });

    // An event altered, then every hash from it on recomputed with the append's own function.
    await ownStore.appendToStream('d-2', [event(7), event(8)], 'no_stream');
    const head = (await verifyHashChain(db)).head!;
    const noted = { ...head, verifiedAt: null };
    await tamper(
      sql.typeAlias(
        'void',
      )`update events set data = '{"n": 999}'::jsonb where global_position = (select min(global_position) from events)`,
    );
    await tamper(sql.typeAlias('void')`
      do $$ declare r record; previous bytea := null; begin
        for r in select * from events order by global_position loop
          previous := bari_event_hash(previous, r.global_position, r.event_id, r.stream_id,
            r.stream_revision, r.type, r.data, r.metadata, r.created_at);
          update events set hash = previous where global_position = r.global_position;
        end loop;
      end $$`);
    const recomputed = await verifyHashChain(db, [noted]);
    expect(recomputed.brokenAt).toBeNull();
    expect(recomputed.anchorBroken).toEqual({ anchor: noted, found: 'different' });
    await recordVerification(db, recomputed);
    expect(await lastVerification(db)).toMatchObject({ brokenPosition: head.position });
  });
});
