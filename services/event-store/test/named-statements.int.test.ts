import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { createPostgresEventStore, eventStoreMigrations, type EventStore } from '../src/index.ts';
import { testMetadata as metadata } from '../src/contract/test-support.ts';
import pg from 'pg';

const event = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n }, metadata: metadata() });

let database: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url, loadMigrations([eventStoreMigrations]));
  store = createPostgresEventStore({ connectionString: database.url, maxConnections: 3 });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe("the store's named statements", () => {
  it('given connections that prepared them before a migration changed a column they return, then appends and reads still answer', async () => {
    // Given every pooled connection has prepared the reads and the append
    await Promise.all([1, 2, 3].map((n) => store.appendToStream(`stale-${n}`, [event(n)], 'no_stream')));
    await Promise.all([1, 2, 3].map(() => store.readAll({ after: undefined, maxCount: 10 })));
    await Promise.all([1, 2, 3].map((n) => store.readStream(`stale-${n}`)));

    // When another process's migration changes the type of a column they select
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    try {
      await owner.query('alter table events alter column type type varchar(200)');
    } finally {
      await owner.end();
    }

    // Then each call still answers (each stale connection failed once with 0A000 and was replaced)
    const all = await Promise.all([1, 2, 3].map(() => store.readAll({ after: undefined, maxCount: 10 })));
    for (const events of all) expect(events.map((recorded) => recorded.streamId)).toHaveLength(3);
    const streams = await Promise.all([1, 2, 3].map((n) => store.readStream(`stale-${n}`)));
    expect(streams.map((events) => events[0]?.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const appended = await Promise.all(
      [1, 2, 3].map((n) => store.appendToStream(`stale-${n}`, [event(n + 10)], 0n)),
    );
    expect(appended.map((result) => result.nextRevision)).toEqual([1n, 1n, 1n]);
  });
});
