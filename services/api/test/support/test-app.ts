import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createTestDatabase } from '@bari/db/testing';
import type { AppendResult, ExpectedRevision, RecordedEvent } from '@bari/event-store';
import { loadConfig } from '../../src/config.ts';
import type { ApiDependencies } from '../../src/dependencies.ts';
import { startServer } from '../../src/server.ts';
import { createLogger } from '../../src/shared/logger.ts';
import { sql } from '../../src/shared/sql.ts';

/** The app's clock in tests: real time plus an offset that tests move forwards. */
export interface TestClock {
  now(): Date;
  /** Moves the clock forwards (expiry of keys, idle and absolute session timeouts). */
  advance(ms: number): void;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, e.g. `{ TRUST_PROXY: 'true' }`. */
  readonly env?: Readonly<Record<string, string>>;
}

/** One parsed JSON log line of the app (pino). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface TestApp {
  /** `http://127.0.0.1:<port>`, the origin the client sends on writes. */
  readonly baseUrl: string;
  /** What the routes were given: event store, read-model pool, config, clock. */
  readonly deps: ApiDependencies;
  readonly clock: TestClock;
  /**
   * The test database as its owner (the role migrations run as): for tests that reach past
   * the app's own role, e.g. to make an append fail on purpose.
   */
  readonly ownerDatabaseUrl: string;
  /** The test database as the app's own role (what `deps.pool` connects as). */
  readonly appDatabaseUrl: string;
  /** Every line the app logged so far (level debug and up), parsed. */
  readonly logs: readonly LogLine[];
  stop(): Promise<void>;
}

const emptyWebDist = mkdtempSync(join(tmpdir(), 'bari-test-web-'));

/**
 * The whole product as `npm start` composes it (`startServer`: migrations, event store,
 * projections in process, sessions, every route) on a fresh test database, listening on a
 * free port over real HTTP. Logs are captured in memory (`logs`), not printed.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  // The production logger (with its redaction rules), writing to memory.
  const logger = createLogger('debug', sink);
  let offsetMs = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    // The app's least-privileged role; migrations as the owner, as in production.
    DATABASE_URL: database.appUrl,
    MIGRATION_DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST: emptyWebDist,
    READ_YOUR_WRITES_TIMEOUT_MS: '5000',
    ...options.env,
  });
  let server;
  try {
    server = await startServer(config, logger, { now: clock.now });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const running = server;
  return {
    baseUrl: running.url.replace('//localhost:', '//127.0.0.1:'),
    deps: running.deps,
    ownerDatabaseUrl: database.url,
    appDatabaseUrl: database.appUrl,
    clock,
    logs,
    async stop() {
      await running.stop();
      await database.drop();
    },
  };
}

/** Every event in the global log, oldest first (for "nothing was written" assertions). */
export async function readAllEvents(app: Pick<TestApp, 'deps'>): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const batch = await app.deps.eventStore.readAll({ after: events.at(-1)?.position, maxCount: 1000 });
    if (batch.length === 0) return events;
    events.push(...batch);
  }
}

/** How many events the log holds. */
export async function countEvents(app: Pick<TestApp, 'deps'>): Promise<number> {
  return (await readAllEvents(app)).length;
}

/**
 * Appends events straight to a stream, past the routes and deciders (legacy data, another
 * process's writes), as a system action at the app's clock.
 */
export function appendEvents(
  app: Pick<TestApp, 'deps' | 'clock'>,
  streamId: string,
  events: readonly { readonly type: string; readonly data: unknown }[],
  expected: ExpectedRevision = 'any',
): Promise<AppendResult> {
  return app.deps.eventStore.appendToStream(
    streamId,
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        userId: null,
        userEmail: null,
        clientIp: null,
        correlationId: randomUUID(),
        timestamp: app.clock.now().toISOString(),
      },
    })),
    expected,
  );
}

/** Runs `act` and checks that it appended no event to the log; returns what `act` returned. */
export async function appendsNothing<T>(app: Pick<TestApp, 'deps'>, act: () => Promise<T>): Promise<T> {
  const before = await countEvents(app);
  const result = await act();
  expect(await countEvents(app)).toBe(before);
  return result;
}

/**
 * Runs `act` and checks that it appended nothing but records of what was read (`RecordAccessed`:
 * a refusal that tells a CPF is a patient's is recorded as a search by it); returns what `act` returned.
 */
export async function appendsOnlyAccessRecords<T>(
  app: Pick<TestApp, 'deps'>,
  act: () => Promise<T>,
): Promise<T> {
  const before = await countEvents(app);
  const result = await act();
  const appended = (await readAllEvents(app)).slice(before);
  expect(appended.filter((event) => event.type !== 'RecordAccessed')).toEqual([]);
  return result;
}

/** Runs `act` and answers what it returned with the events it appended to the log. */
export async function appendedBy<T>(
  app: Pick<TestApp, 'deps'>,
  act: () => Promise<T>,
): Promise<[T, RecordedEvent[]]> {
  const before = await countEvents(app);
  const result = await act();
  return [result, (await readAllEvents(app)).slice(before)];
}

/**
 * Forgets every failed-login count: tests that refuse logins on purpose call it so that the
 * shared client IP (127.0.0.1) does not reach the rate limit of another test.
 */
export async function resetLoginThrottle(app: Pick<TestApp, 'deps'>): Promise<void> {
  await app.deps.pool.query(sql.typeAlias('void')`delete from login_rate_limits`);
}
