/**
 * Answers of the busiest read-model queries (the patient list and its searches, the
 * dashboard's statistics, the reports' counters, the audit log's pages), kept until a
 * projection they read moves. Thirty nurses opening the list between two saves cost one query.
 *
 * - An answer is filed under the generation of each projection it reads, taken before the
 *   query runs; the projection runner bumps a generation (`invalidate`) each time that
 *   projection's checkpoint moves here, before any write waiting on it is answered. So a
 *   write's own answer is never followed by an older copy (read-your-writes holds), and an
 *   answer computed while a batch committed is filed under the old generation, never served
 *   after it.
 * - Concurrent identical misses share one query.
 * - No copy outlives `ttlMs`: the bound for changes this process does not see (a separate
 *   projector process, a rebuild's swap). With `ttlMs` 0 nothing is kept (`PROJECTOR=external`).
 * - Keys must hold everything the answer depends on besides the read models (the query's
 *   parameters, and the clinic's date where overdue counts depend on it). Answers must be
 *   the same for every user allowed to ask; the route checks the role before asking.
 */
export interface ReadCache {
  /** `compute`'s answer, from memory while the projections have not moved; `keep: false` bypasses. */
  read<T>(projections: readonly string[], key: string, compute: () => Promise<T>, keep?: boolean): Promise<T>;
  /** The projection's read model changed: answers filed before are never served again. */
  invalidate(projection: string): void;
}

interface Entry {
  readonly value: Promise<unknown>;
  readonly expiresAt: number;
  readonly projections: readonly string[];
}

/**
 * Beyond this many answers the least recently used go first. With pages of up to 200 rows
 * (≈ 0.5 kB of JSON each) that is at most ≈ 20 MB; routes keep only their first pages
 * (`isCachedPage`), which is what people open, so paging through everything cannot fill it.
 */
const MAX_ENTRIES = 200;

/** The pages of a list worth keeping: the first few, opened by everyone. */
export const CACHED_PAGES = 5;
export const isCachedPage = (page: number): boolean => page <= CACHED_PAGES;

export function createReadCache(options: { readonly ttlMs: number; readonly now?: () => number }): ReadCache {
  const now = options.now ?? Date.now;
  const generations = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const generationKey = (projections: readonly string[]) =>
    projections.map((name) => `${name}@${generations.get(name) ?? 0}`).join(',');

  return {
    read<T>(projections: readonly string[], key: string, compute: () => Promise<T>, keep = true): Promise<T> {
      if (options.ttlMs <= 0 || !keep) return compute();
      const fullKey = `${generationKey(projections)}|${key}`;
      const at = now();
      const hit = entries.get(fullKey);
      if (hit && hit.expiresAt > at) {
        // Least recently used last: re-insert.
        entries.delete(fullKey);
        entries.set(fullKey, hit);
        return hit.value as Promise<T>;
      }
      entries.delete(fullKey);
      const value = compute();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(fullKey, { value, expiresAt: at + options.ttlMs, projections });
      // A failed query is not an answer: the next request tries again.
      value.catch(() => {
        if (entries.get(fullKey)?.value === value) entries.delete(fullKey);
      });
      return value;
    },
    invalidate(projection) {
      generations.set(projection, (generations.get(projection) ?? 0) + 1);
      // Unreachable now: free them rather than wait for eviction.
      for (const [key, entry] of entries) if (entry.projections.includes(projection)) entries.delete(key);
    },
  };
}
