import { createHash, randomBytes } from 'node:crypto';
import type { DatabasePool } from '@bari/db';
import { z } from 'zod';
import { CurrentUserSchema, type CurrentUser } from '@bari/contracts';
import { sessionUserSubquery } from '@bari/projections';
import { sql } from '../../shared/sql.ts';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from './session-timeouts.ts';
import type { SessionCache } from './session-cache.ts';

/** 32 random bytes, base64url: the session id the cookie carries (koa-session's `genid`). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** What the store keeps as the row's key: the SHA-256 of the id, never the id itself. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

const StoredSessionSchema = z.object({
  data: z.record(z.unknown()),
  expired: z.boolean(),
  /** Epoch ms (timestamptz as slonik parses it): when the session's own timeouts end it. */
  lastSeenAt: z.number(),
  createdAt: z.number(),
  /** Epoch ms when the session's key expires, or null. */
  keyExpiresAt: z.number().nullable(),
  /** Null when the session must end: user deleted, or its key inactive or no longer theirs. */
  user: CurrentUserSchema.nullable(),
});

/** A live session: what koa-session keeps, and its user as the read models say now. */
export interface LoadedSession {
  readonly data: Record<string, unknown>;
  readonly user: CurrentUser | null;
}

const uuidOrNull = (value: unknown): string | null =>
  z.string().uuid().safeParse(value).success ? (value as string) : null;
const msOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * koa-session's external store, in PostgreSQL (`http_sessions`), plus what the identity
 * routes need to end sessions on the server: all of a user's (rejection, deletion) or all
 * opened with one key (deactivation). Idle (8 h) and absolute (24 h) timeouts are enforced
 * here, on the app's clock: an expired session is deleted when presented and never returned.
 */
export function createSessionStore(pool: DatabasePool, now: () => Date, cache: SessionCache) {
  const idleCutoff = () => new Date(now().getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();
  const absoluteCutoff = () => new Date(now().getTime() - SESSION_ABSOLUTE_TIMEOUT_MS).toISOString();

  return {
    /**
     * The session and its user in one statement (one round trip per signed-in request), or
     * undefined when unknown, malformed or expired.
     */
    async load(sessionId: string): Promise<LoadedSession | undefined> {
      if (!SESSION_ID.test(sessionId)) return undefined;
      const idHash = sessionIdHash(sessionId);
      const at = now().getTime();
      const cached = cache.get(idHash, at);
      // koa-session keeps the object it is given: each request gets its own copy.
      if (cached) return { data: { ...cached.data }, user: cached.user };
      const ticket = cache.ticket(idHash);
      const stored = await pool.maybeOne(sql.type(StoredSessionSchema)`
        select s.data,
          (s.last_seen_at <= ${idleCutoff()} or s.created_at <= ${absoluteCutoff()}) as expired,
          s.last_seen_at as "lastSeenAt", s.created_at as "createdAt",
          (select k.expires_at from access_keys k where k.id = s.access_key_id) as "keyExpiresAt",
          ${sessionUserSubquery(sql.identifier(['s', 'user_id']), sql.identifier(['s', 'access_key_id']), now().toISOString())} as "user"
        from http_sessions s where s.id_hash = ${idHash}
      `);
      if (!stored) return undefined;
      if (stored.expired) {
        await pool.query(sql.typeAlias('void')`delete from http_sessions where id_hash = ${idHash}`);
        return undefined;
      }
      if (stored.user) {
        const validUntil = Math.min(
          at + cache.ttlMs,
          stored.lastSeenAt + SESSION_IDLE_TIMEOUT_MS,
          stored.createdAt + SESSION_ABSOLUTE_TIMEOUT_MS,
          stored.keyExpiresAt ?? Number.POSITIVE_INFINITY,
        );
        cache.put(idHash, { data: stored.data, user: stored.user, validUntil }, ticket);
      }
      return { data: { ...stored.data }, user: stored.user };
    },

    /**
     * Creates a session just opened (login: `createdAt` = `lastSeenAt`), or updates one
     * (koa-session calls it when the data changed: the once-a-minute touch). An update never
     * creates the row: a touch racing a logout or a rejection must not bring the session back.
     */
    async set(sessionId: string, data: Record<string, unknown>): Promise<void> {
      const at = now().getTime();
      const createdAt = new Date(msOr(data.createdAt, at)).toISOString();
      const lastSeenAt = new Date(msOr(data.lastSeenAt, at)).toISOString();
      const idHash = sessionIdHash(sessionId);
      const opening = createdAt === lastSeenAt;
      cache.forget(idHash);
      if (opening) {
        await pool.query(sql.typeAlias('void')`
          insert into http_sessions (id_hash, user_id, access_key_id, data, created_at, last_seen_at)
          values (${idHash}, ${uuidOrNull(data.userId)}, ${uuidOrNull(data.accessKeyId)},
            ${sql.jsonb(data as Parameters<typeof sql.jsonb>[0])}, ${createdAt}, ${lastSeenAt})
          on conflict (id_hash) do update
          set user_id = excluded.user_id, access_key_id = excluded.access_key_id, data = excluded.data,
              last_seen_at = excluded.last_seen_at
        `);
      } else {
        await pool.query(sql.typeAlias('void')`
          update http_sessions
          set data = ${sql.jsonb(data as Parameters<typeof sql.jsonb>[0])}, last_seen_at = ${lastSeenAt}
          where id_hash = ${idHash}
        `);
      }
      // Again after the write: a request may have read the old row in between.
      cache.forget(idHash);
    },

    async destroy(sessionId: string): Promise<void> {
      cache.forget(sessionIdHash(sessionId));
      await pool.query(
        sql.typeAlias('void')`delete from http_sessions where id_hash = ${sessionIdHash(sessionId)}`,
      );
      cache.forget(sessionIdHash(sessionId));
    },

    /** Ends every session of a user (rejected or deleted). Returns how many ended. */
    async endSessionsOfUser(userId: string): Promise<number> {
      cache.clear();
      const result = await pool.query(
        sql.typeAlias('void')`delete from http_sessions where user_id = ${userId}`,
      );
      cache.clear();
      return result.rowCount;
    },

    /** Ends every session opened with a key (deactivated). Returns how many ended. */
    async endSessionsOfAccessKey(accessKeyId: string): Promise<number> {
      cache.clear();
      const result = await pool.query(
        sql.typeAlias('void')`delete from http_sessions where access_key_id = ${accessKeyId}`,
      );
      cache.clear();
      return result.rowCount;
    },

    /** Forgets sessions past either timeout (called at each login, so the table stays small). */
    async deleteExpired(): Promise<number> {
      const result = await pool.query(sql.typeAlias('void')`
        delete from http_sessions where last_seen_at <= ${idleCutoff()} or created_at <= ${absoluteCutoff()}
      `);
      return result.rowCount;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
