import type { CurrentUser } from '@bari/contracts';

/** A signed-in session as the store read it: its data, its user, and until when the copy holds. */
export interface CachedSession {
  readonly data: Record<string, unknown>;
  readonly user: CurrentUser | null;
  /** Epoch ms: the earliest of the cache's lifetime, the key's expiry and the session's timeouts. */
  readonly validUntil: number;
}

/**
 * The sessions read in the last moments, by id hash, so that a signed-in request usually
 * costs no database round trip at all (issue 7: the authenticated floor).
 *
 * A copy is dropped before it could say something the database no longer says:
 * - its own writes and deletions go through the store, which forgets the entry;
 * - every change of the users or access-keys read models projected in this process clears
 *   the whole cache (`clear`, wired to the projection runner), before the write that caused
 *   it is answered: a rejected, deleted or deactivated user is out at the next request;
 * - a copy never outlives its key's expiry nor the session's idle and absolute timeouts;
 * - and never `ttlMs` (a few seconds): the bound for changes this process cannot see (read
 *   models projected by another process, a rebuild). With `ttlMs` 0 nothing is kept.
 */
export interface SessionCache {
  get(idHash: string, now: number): CachedSession | undefined;
  /**
   * Taken before the session is read from the database, given back to `put`: a read that
   * was in flight while the session was forgotten (logout) or the cache cleared (a user
   * rejected) must not put back what it read before.
   */
  ticket(idHash: string): SessionCacheTicket;
  put(idHash: string, session: CachedSession, ticket: SessionCacheTicket): void;
  forget(idHash: string): void;
  clear(): void;
  readonly ttlMs: number;
}

/** Opaque: the cache's state for one id when a read began. */
export interface SessionCacheTicket {
  readonly epoch: number;
  readonly forgotten: number;
}

/** Beyond this many live sessions the oldest copies go first. */
const MAX_ENTRIES = 10_000;

export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, CachedSession>();
  /** Bumped by `clear`: every ticket taken before is void. */
  let epoch = 0;
  /** Per id, how many times it was forgotten in this epoch. */
  const forgotten = new Map<string, number>();
  const clear = () => {
    entries.clear();
    forgotten.clear();
    epoch += 1;
  };
  return {
    ttlMs,
    ticket: (idHash) => ({ epoch, forgotten: forgotten.get(idHash) ?? 0 }),
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (entry.validUntil > now) return entry;
      entries.delete(idHash);
      return undefined;
    },
    put(idHash, session, ticket) {
      if (ttlMs <= 0) return;
      if (ticket.epoch !== epoch || ticket.forgotten !== (forgotten.get(idHash) ?? 0)) return;
      entries.delete(idHash);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(idHash, session);
    },
    forget(idHash) {
      entries.delete(idHash);
      forgotten.set(idHash, (forgotten.get(idHash) ?? 0) + 1);
      // Bounded: a full map starts a new epoch (tickets in flight are void, which is safe).
      if (forgotten.size > MAX_ENTRIES) clear();
    },
    clear,
  };
}
