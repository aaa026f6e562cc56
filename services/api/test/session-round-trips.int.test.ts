import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createSessionStore, sessionIdHash } from '../src/http/session/session-store.ts';
import { SESSION_TOUCH_INTERVAL_MS } from '../src/http/session/session-timeouts.ts';
import { sql } from '../src/shared/sql.ts';
import { createClient, signInAs, type SignedIn } from './support/http-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/*
 * What a signed-in request costs the database (issue 7): one statement reads the session,
 * its user and the validity of its key, and none while that answer is kept in memory (until
 * the users or access-keys read models move, or a few seconds pass); the last-seen time is
 * written at most once a minute. Counted on the pool the routes use (the real one, observed,
 * not replaced).
 */

let app: TestApp;
let staff: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAs(app, 'approved');
});
afterAll(() => app?.stop());

const STATEMENT_METHODS = [
  'any',
  'anyFirst',
  'exists',
  'many',
  'manyFirst',
  'maybeOne',
  'maybeOneFirst',
  'one',
  'oneFirst',
  'query',
  'transaction',
  'connect',
] as const;

/** How many statements the pool ran during `act`. */
async function statementsDuring(act: () => Promise<unknown>): Promise<number> {
  const pool = app.deps.pool as unknown as Record<string, (...args: unknown[]) => unknown>;
  const spies = STATEMENT_METHODS.filter((name) => typeof pool[name] === 'function').map((name) =>
    vi.spyOn(pool, name),
  );
  try {
    await act();
    return spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const lastSeenAt = async () =>
  app.deps.pool.oneFirst(sql.type(z.object({ at: z.number() }))`
    select last_seen_at as at from http_sessions
    where id_hash = ${sessionIdHash(staff.client.cookies.get('bari.sid')!)}
  `);

describe('a signed-in request', () => {
  it('reads session, user and key in one statement, and writes nothing within a minute', async () => {
    expect((await staff.client.get('/api/auth/user')).status).toBe(200);
    const before = await lastSeenAt();
    app.deps.sessionCache.clear();
    const count = await statementsDuring(async () => {
      const response = await staff.client.get('/api/auth/user');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: staff.user.id, status: 'approved' });
    });
    expect(count).toBe(1);
    expect(await lastSeenAt()).toBe(before);
  });

  it('costs no statement at all while the session is kept in memory, and one once it expired there', async () => {
    app.deps.sessionCache.clear();
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBe(1);
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBe(0);
    app.clock.advance(app.deps.sessionCache.ttlMs + 1);
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBe(1);
  });

  it('reads the session again once the users read model moved (a user approved, rejected or deleted)', async () => {
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBeLessThanOrEqual(1);
    const other = await signInAs(app, 'approved');
    expect(other.user.id).not.toBe(staff.user.id);
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBe(1);
  });

  it('refreshes the last-seen time once a minute has passed: one read and one write', async () => {
    const before = await lastSeenAt();
    app.clock.advance(SESSION_TOUCH_INTERVAL_MS + 1000);
    const count = await statementsDuring(async () => {
      expect((await staff.client.get('/api/auth/user')).status).toBe(200);
    });
    expect(count).toBe(2);
    expect(await lastSeenAt()).toBeGreaterThan(before);
    // And not again within the next minute
    const after = await lastSeenAt();
    expect(await statementsDuring(() => staff.client.get('/api/auth/user'))).toBe(1);
    expect(await lastSeenAt()).toBe(after);
  });
});

describe('a session that ended', () => {
  it('is not brought back by a touch that was under way when it ended (logout racing a request)', async () => {
    const member = await signInAs(app, 'approved');
    const id = member.client.cookies.get('bari.sid')!;
    expect((await member.client.get('/api/auth/user')).status).toBe(200);
    const store = createSessionStore(app.deps.pool, app.deps.now, app.deps.sessionCache);
    const loaded = await store.load(id);
    expect(loaded?.user?.id).toBe(member.user.id);

    // The request's logout ends the session; the other request's touch arrives after it
    const copy = createClient(app.baseUrl);
    copy.cookies.set('bari.sid', id);
    expect((await member.client.post('/api/auth/logout', {})).status).toBeLessThan(300);
    await store.set(id, { ...loaded!.data, lastSeenAt: app.clock.now().getTime() + 61_000 });

    expect(await store.load(id)).toBeUndefined();
    expect((await copy.get('/api/auth/user')).status).toBe(401);
  });

  it('is not put back in memory by a read that was in flight when it ended', async () => {
    const member = await signInAs(app, 'approved');
    const id = member.client.cookies.get('bari.sid')!;
    const cache = app.deps.sessionCache;
    cache.clear();
    const store = createSessionStore(app.deps.pool, app.deps.now, cache);
    // A read of the session starts; before it answers, the session is destroyed
    const reading = store.load(id);
    await store.destroy(id);
    await reading;
    expect(await statementsDuring(() => store.load(id))).toBe(1);
    expect(await store.load(id)).toBeUndefined();
  });
});
