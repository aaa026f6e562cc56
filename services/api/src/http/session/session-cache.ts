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
  put(idHash: string, session: CachedSession): void;
  forget(idHash: string): void;
  clear(): void;
  readonly ttlMs: number;
}

/** Beyond this many live sessions the oldest copies go first. */
const MAX_ENTRIES = 10_000;

export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, CachedSession>();
  return {
    ttlMs,
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (entry.validUntil > now) return entry;
      entries.delete(idHash);
      return undefined;
    },
    put(idHash, session) {
      if (ttlMs <= 0) return;
      entries.delete(idHash);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(idHash, session);
    },
    forget: (idHash) => void entries.delete(idHash),
    clear: () => entries.clear(),
  };
}
