import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { describeEventStoreContract } from '../src/contract/event-store-contract.ts';
import { sleep, testEvents, waitUntil } from '../src/contract/test-support.ts';
import {
  createPostgresEventStore,
  DuplicateEventIds,
  eventStoreMigrations,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '../src/index.ts';
import { APPEND_LOCK_KEY } from '../src/postgres/append.ts';
import { REMOTE_WAKE_INTERVAL_MS } from '../src/postgres/wakeups.ts';

// Explicit, because a vitest project does not inherit the root config's testTimeout.
const WAITING_TEST_TIMEOUT_MS = 30_000;

async function migratedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await migrate(database.url, loadMigrations([eventStoreMigrations]));
  return database;
}

describeEventStoreContract('PostgreSQL event store', async () => {
  const database = await migratedDatabase();
  const store = createPostgresEventStore({ connectionString: database.url });
  return {
    store,
    async teardown() {
      await store.close();
      await database.drop();
    },
  };
});

describe('PostgreSQL event store specifics', () => {
  let database: TestDatabase;
  let store: EventStore;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await migratedDatabase();
    store = createPostgresEventStore({ connectionString: database.url });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await store?.close();
    await database?.drop();
  });

  /** This database's LISTEN connections that have run their `listen`. */
  async function listening(): Promise<number> {
    const { rows } = await admin.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and application_name = 'bari-event-store-listen'
         and query ilike 'listen%'`,
    );
    return rows[0]!.count;
  }

  /** The last statement of this database's LISTEN connection ('' when there is none). */
  async function lastListenQuery(): Promise<string> {
    const { rows } = await admin.query<{ query: string }>(
      `select query from pg_stat_activity
       where datname = current_database() and application_name = 'bari-event-store-listen'`,
    );
    return rows[0]?.query.toLowerCase() ?? '';
  }

  async function waitUntilAsync(condition: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('Condition not met within 10 s');
      await sleep(10);
    }
  }

  it('applies its migrations once', async () => {
    expect(await migrate(database.url, loadMigrations([eventStoreMigrations]))).toEqual([]);
  });

  it(
    "watchAppends hears another process's appends (through LISTEN/NOTIFY, not its own)",
    async () => {
      const other = createPostgresEventStore({ connectionString: database.url });
      let cues = 0;
      const watch = store.watchAppends({ onAppended: () => (cues += 1) });
      try {
        await sleep(300); // the LISTEN connection opens on first use
        const before = cues;
        await other.appendToStream(`watch-${randomUUID()}`, events(1), 'no_stream');
        await waitUntil(() => cues > before, 10_000);
      } finally {
        await watch.stop();
        await other.close();
      }
    },
    WAITING_TEST_TIMEOUT_MS,
  );

  it(
    "watchAppends wakes once for its own append: not again when that append's notification comes back",
    async () => {
      const other = createPostgresEventStore({ connectionString: database.url });
      let cues = 0;
      const watch = store.watchAppends({ onAppended: () => (cues += 1) });
      try {
        // Given the LISTEN connection open (it opens on first use, and wakes once when it has)
        await waitUntilAsync(async () => (await listening()) > 0);
        await sleep(100);
        // When this process appends, then another process
        await store.appendToStream(`echo-${randomUUID()}`, events(1), 'no_stream');
        const afterOwn = cues;
        await other.appendToStream(`echo-${randomUUID()}`, events(1), 'no_stream');
        await waitUntil(() => cues > afterOwn, 10_000);
        await sleep(100);
        // Then only the other's woke it again. Notifications arrive in commit order, so the
        // first append's own came back before the other's: it was heard, and skipped.
        expect(cues).toBe(afterOwn + 1);
      } finally {
        await watch.stop();
        await other.close();
      }
    },
    WAITING_TEST_TIMEOUT_MS,
  );

  it(
    "watchAppends wakes at most once per interval during a burst of another process's appends, and after its last one",
    async () => {
      const other = createPostgresEventStore({ connectionString: database.url });
      const cues: number[] = [];
      let headSeenAtACue = -1n;
      const watch = store.watchAppends({
        onAppended: () => {
          cues.push(performance.now());
          // What a woken subscriber does: read the log.
          void store.readAll({ maxCount: 100_000 }).then((read) => {
            const last = read.at(-1)?.position.commit ?? -1n;
            if (last > headSeenAtACue) headSeenAtACue = last;
          });
        },
      });
      try {
        // Given the LISTEN connection open
        await waitUntilAsync(async () => (await listening()) > 0);
        await sleep(100);
        const before = cues.length;
        // When another process appends 100 times in a row, each append its own transaction
        const started = performance.now();
        let last = 0n;
        let sawUnlisten = false;
        for (let i = 0; i < 100; i += 1) {
          const result = await other.appendToStream(`burst-${randomUUID()}`, events(1), 'no_stream');
          last = result.position.commit;
          if (i % 10 === 5) sawUnlisten ||= (await lastListenQuery()).startsWith('unlisten');
        }
        const burstMs = performance.now() - started;
        // Then a wake-up after the last append reads it…
        await waitUntil(() => headSeenAtACue >= last, 10_000);
        // …the burst woke it at most once per interval (plus that last one), not 100 times,
        // and never twice within the interval…
        const woken = cues.slice(before);
        expect(woken.length).toBeGreaterThan(0);
        expect(woken.length).toBeLessThanOrEqual(Math.ceil(burstMs / REMOTE_WAKE_INTERVAL_MS) + 2);
        const gaps = woken.slice(1).map((at, index) => at - woken[index]!);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(REMOTE_WAKE_INTERVAL_MS - 1);
        // …and meanwhile the connection did not listen (its server process was not signalled).
        expect(sawUnlisten).toBe(true);
        // And it listens again once the burst is over: the next append is heard.
        await waitUntilAsync(async () => (await lastListenQuery()).startsWith('listen'));
        const afterBurst = cues.length;
        await other.appendToStream(`burst-${randomUUID()}`, events(1), 'no_stream');
        await waitUntil(() => cues.length > afterBurst, 10_000);
      } finally {
        await watch.stop();
        await other.close();
      }
    },
    WAITING_TEST_TIMEOUT_MS,
  );

  describe('the events table is append-only in the database', () => {
    beforeAll(async () => {
      await store.appendToStream('append-only', events(2), 'no_stream');
    });

    it.each([
      ['UPDATE', `update events set type = 'Tampered'`],
      ['DELETE', 'delete from events'],
      ['TRUNCATE', 'truncate events'],
      ['TRUNCATE', 'truncate streams cascade'],
    ])('refuses %s (%s)', async (operation, statement) => {
      await expect(admin.query(statement)).rejects.toThrow(
        `the events table is append-only: ${operation} refused`,
      );
      expect(await store.readStream('append-only')).toHaveLength(2);
    });
  });

  describe('idempotency', () => {
    it('a retried append returns the original result and writes nothing', async () => {
      const stream = `retry-${randomUUID()}`;
      const batch = events(3);
      const original = await store.appendToStream(stream, batch, 'no_stream');
      await store.appendToStream(stream, events(1), 2n);
      const head = await store.headPosition();
      expect(await store.appendToStream(stream, batch, 'no_stream')).toEqual(original);
      expect(await store.appendToStream(stream, batch, 'any')).toEqual(original);
      expect(await store.headPosition()).toEqual(head);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('a retry that expected something else than the original is a wrong expected version', async () => {
      const stream = `retry-expected-${randomUUID()}`;
      const batch = events(1);
      await store.appendToStream(stream, batch, 'no_stream');
      await expect(store.appendToStream(stream, batch, 'stream_exists')).rejects.toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 0n,
      });
    });

    it('refuses ids reused partially, in another order or on another stream', async () => {
      const stream = `reuse-${randomUUID()}`;
      const batch = events(2);
      await store.appendToStream(stream, batch, 'no_stream');
      const attempts: [string, EventToAppend[]][] = [
        [stream, [batch[0]!, ...events(1)]],
        [stream, [batch[1]!, batch[0]!]],
        [`other-${randomUUID()}`, batch],
      ];
      for (const [target, attempt] of attempts) {
        await expect(store.appendToStream(target, attempt, 'any')).rejects.toBeInstanceOf(DuplicateEventIds);
      }
      expect(await store.readStream(stream)).toHaveLength(2);
    });
  });

  describe('group commit (appends waiting on the lock are sent together)', () => {
    it('gives each caller its own result: refused appends write nothing and fail nobody else', async () => {
      const streams = Array.from({ length: 12 }, () => `group-${randomUUID()}`);
      await Promise.all(streams.map((stream) => store.appendToStream(stream, events(1), 'no_stream')));
      // Even-numbered callers expect the right revision, odd-numbered ones a stale one.
      const outcomes = await Promise.allSettled(
        streams.map((stream, index) => store.appendToStream(stream, events(2), index % 2 === 0 ? 0n : 5n)),
      );
      outcomes.forEach((outcome, index) => {
        if (index % 2 === 0)
          expect(outcome).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2n } });
        else
          expect(outcome).toMatchObject({
            status: 'rejected',
            reason: { name: 'WrongExpectedVersion', actual: 0n },
          });
      });
      for (const [index, stream] of streams.entries()) {
        expect(await store.readStream(stream)).toHaveLength(index % 2 === 0 ? 3 : 1);
      }
    });

    it('writers that append again as soon as they are answered are sent as whole groups', async () => {
      // Each writer's next append is made while the previous group's results are handed out:
      // the group must wait for all of them, not leave with the first and split the rest.
      const writers = Array.from({ length: 8 }, () => `group-steady-${randomUUID()}`);
      const rounds = 12;
      await Promise.all(
        writers.map(async (stream) => {
          for (let revision = 0; revision < rounds; revision += 1) {
            await store.appendToStream(
              stream,
              events(1),
              revision === 0 ? 'no_stream' : BigInt(revision - 1),
            );
          }
        }),
      );
      // Events committed by one transaction share its id (xmin): one per group sent.
      const { rows } = await admin.query<{ transactions: number }>(
        `select count(distinct xmin::text)::int as transactions from events where stream_id = any($1)`,
        [writers],
      );
      expect(rows[0]!.transactions).toBeLessThanOrEqual(rounds + 3);
    });

    it('an append whose data PostgreSQL refuses fails alone; the others in its group are written', async () => {
      const streams = Array.from({ length: 6 }, () => `group-bad-${randomUUID()}`);
      const outcomes = await Promise.allSettled(
        streams.map((stream, index) =>
          store.appendToStream(
            stream,
            index === 2 ? [{ ...events(1)[0]!, data: { text: 'nul \u0000 here' } }] : events(1),
            'no_stream',
          ),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect(await store.readStream(streams[2]!)).toEqual([]);
      expect(await store.readStream(streams[3]!)).toHaveLength(1);
    });
  });

  describe('the conditions the ordering proof relies on', () => {
    it('positions are drawn one at a time (sequence cache 1)', async () => {
      const { rows } = await admin.query<{ cache_size: string }>(
        `select cache_size::text from pg_sequences where sequencename = 'events_global_position_seq'`,
      );
      expect(rows).toEqual([{ cache_size: '1' }]);
    });

    it('an append refuses to run in an isolation level other than read committed', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read');
        await expect(
          client.query(`select * from bari_append_batch($1::jsonb)`, [
            JSON.stringify([{ streamId: `iso-${randomUUID()}`, expected: 'any', events: [] }]),
          ]),
        ).rejects.toThrow('appends must run in read committed');
      } finally {
        await client.query('rollback');
        await client.end();
      }
    });
  });

  describe('ordering under concurrency', () => {
    it(
      'a slow-committing concurrent append is never skipped by a subscriber or a reader',
      async () => {
        const start = await store.headPosition();
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: (event) => void received.push(event),
        });
        const slow = new pg.Client({ connectionString: database.url });
        await slow.connect();
        try {
          // A writer following the append protocol stalls after drawing its position.
          const slowStream = `slow-${randomUUID()}`;
          await slow.query('begin');
          await slow.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY.toString()]);
          await slow.query('insert into streams (stream_id, revision) values ($1, 0)', [slowStream]);
          const { rows } = await slow.query<{ position: string }>(
            `insert into events (event_id, stream_id, stream_revision, type, data, metadata)
           values ($1, $2, 0, 'Slow', '{}', $3) returning global_position::text as position`,
            [randomUUID(), slowStream, JSON.stringify(events(1)[0]!.metadata)],
          );
          const slowPosition = BigInt(rows[0]!.position);

          // A later append cannot draw a position (let alone commit) past the open one.
          let fastDone = false;
          const fastStream = `fast-${randomUUID()}`;
          const fast = store.appendToStream(fastStream, events(1), 'no_stream').finally(() => {
            fastDone = true;
          });
          await sleep(500);
          expect(fastDone).toBe(false);
          expect(await store.readAll({ after: start, maxCount: 100 })).toEqual([]);
          expect(received).toEqual([]);

          await slow.query('commit');
          const fastResult = await fast;
          expect(fastResult.position.commit).toBeGreaterThan(slowPosition);
          await waitUntil(() => received.length >= 2, 10_000);
          expect(received.map((event) => event.streamId)).toEqual([slowStream, fastStream]);
          const log = await store.readAll({ after: start, maxCount: 100 });
          expect(log.map((event) => event.streamId)).toEqual([slowStream, fastStream]);
        } finally {
          await slow.end();
          await subscription.stop();
        }
      },
      WAITING_TEST_TIMEOUT_MS,
    );

    it(
      'concurrent appends from several stores (other processes) reach a subscriber exactly once, in order',
      async () => {
        const writers = Array.from({ length: 4 }, () =>
          createPostgresEventStore({ connectionString: database.url }),
        );
        const start = await store.headPosition();
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: (event) => void received.push(event),
        });
        try {
          const startedAt = Date.now();
          await Promise.all(
            writers.map(async (writer, index) => {
              const stream = `writer-${index}-${randomUUID()}`;
              for (let append = 0; append < 20; append += 1) {
                await writer.appendToStream(
                  stream,
                  events(1),
                  append === 0 ? 'no_stream' : BigInt(append - 1),
                );
              }
            }),
          );
          await waitUntil(() => received.length >= 80, 10_000);
          // Other processes' appends arrive by NOTIFY, well before the 1 s poll would find them.
          expect(Date.now() - startedAt).toBeLessThan(8_000);
          const positions = received.map((event) => event.position.commit);
          expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
          expect(new Set(received.map((event) => event.id)).size).toBe(80);
        } finally {
          await subscription.stop();
          await Promise.all(writers.map((writer) => writer.close()));
        }
      },
      WAITING_TEST_TIMEOUT_MS,
    );

    it(
      'a live event appended by another process is delivered without waiting for the poll',
      async () => {
        const other = createPostgresEventStore({ connectionString: database.url });
        const quiet = createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 60_000 });
        const received: RecordedEvent[] = [];
        const subscription = quiet.subscribeToAll({
          after: await quiet.headPosition(),
          onEvent: (event) => void received.push(event),
        });
        try {
          await sleep(300); // let the LISTEN connection open
          const startedAt = Date.now();
          await other.appendToStream(`notified-${randomUUID()}`, events(1), 'no_stream');
          await waitUntil(() => received.length === 1, 5_000);
          expect(Date.now() - startedAt).toBeLessThan(2_000);
        } finally {
          await subscription.stop();
          await Promise.all([other.close(), quiet.close()]);
        }
      },
      WAITING_TEST_TIMEOUT_MS,
    );
  });

  it('reads created_at as a Date and revisions and positions as bigints', async () => {
    const stream = `types-${randomUUID()}`;
    await store.appendToStream(stream, events(1), 'no_stream');
    const [event] = (await store.readAll({ maxCount: 10_000 })).filter(
      (candidate) => candidate.streamId === stream,
    );
    expect(event?.createdAt).toBeInstanceOf(Date);
    expect(typeof event?.revision).toBe('bigint');
    expect(typeof event?.position.commit).toBe('bigint');
    expect(event?.position.commit).toBe(event?.position.prepare);
  });

  it('reads created_at to the millisecond, in a stream and in the log, whatever its microseconds', async () => {
    const stream = `instants-${randomUUID()}`;
    await store.appendToStream(stream, events(4), 'no_stream');
    // Instants the clock could give, set by the owner (the table refuses updates to the app).
    const instants = [
      '2026-11-29 04:56:03.114744+00',
      '1999-12-31 23:59:59.999999+00',
      '2026-01-01 00:00:00+00',
      '1969-12-31 23:59:59.999999+00',
    ];
    await admin.query('alter table events disable trigger user');
    try {
      await admin.query(
        `update events set created_at = x.at::timestamptz
         from unnest($1::text[]) with ordinality as x (at, n)
         where stream_id = $2 and stream_revision = x.n - 1`,
        [instants, stream],
      );
    } finally {
      await admin.query('alter table events enable trigger user');
    }
    const expected = [
      '2026-11-29T04:56:03.114Z',
      '1999-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
    ];
    const inLog = (await store.readAll({ maxCount: 10_000 })).filter((event) => event.streamId === stream);
    const inStream = await store.readStream(stream);
    expect(inLog.map((event) => event.createdAt.toISOString())).toEqual(expected);
    expect(inStream.map((event) => event.createdAt.toISOString())).toEqual(expected);
  });

  it('refuses appends that could never be corrected later', async () => {
    const [valid] = events(1);
    const bad: [string, EventToAppend[]][] = [
      ['no events', []],
      ['not a uuid', [{ ...valid!, id: 'command-1' }]],
      ['twice', [valid!, valid!]],
      ['no data', [{ ...valid!, data: undefined }]],
      ['data not an object', [{ ...valid!, data: 42 }]],
      [
        'invalid metadata',
        [{ ...valid!, metadata: { ...valid!.metadata, correlationId: undefined as never } }],
      ],
    ];
    for (const [, batch] of bad) {
      await expect(store.appendToStream(`invalid-${randomUUID()}`, batch, 'any')).rejects.toBeInstanceOf(
        TypeError,
      );
    }
  });
});

function events(count: number): EventToAppend[] {
  return testEvents(count, 'PostgresTested');
}
