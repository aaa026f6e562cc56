import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

/** A query that counts its runs and answers its run number. */
function countingQuery() {
  let runs = 0;
  const query = () => Promise.resolve(++runs);
  return { query, runs: () => runs };
}

describe('the read cache', () => {
  it('answers a repeated read from memory while its projection has not moved', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query, runs } = countingQuery();
    expect(await cache.read(['patients'], 'list|1', query)).toBe(1);
    expect(await cache.read(['patients'], 'list|1', query)).toBe(1);
    expect(runs()).toBe(1);
  });

  it('keeps answers apart by key', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query } = countingQuery();
    expect(await cache.read(['patients'], 'list|1', query)).toBe(1);
    expect(await cache.read(['patients'], 'list|2', query)).toBe(2);
  });

  it('never serves an answer filed before its projection moved', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query } = countingQuery();
    await cache.read(['patients'], 'statistics', query);
    cache.invalidate('patients');
    expect(await cache.read(['patients'], 'statistics', query)).toBe(2);
  });

  it('is not touched by another projection moving', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query } = countingQuery();
    await cache.read(['patients'], 'statistics', query);
    cache.invalidate('audit');
    expect(await cache.read(['patients'], 'statistics', query)).toBe(1);
  });

  it('files an answer whose query ran while the projection moved under the old generation', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    let release: (value: string) => void = () => undefined;
    const slow = cache.read(['patients'], 'k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('patients');
    release('before the batch');
    expect(await slow).toBe('before the batch');
    expect(await cache.read(['patients'], 'k', () => Promise.resolve('after the batch'))).toBe(
      'after the batch',
    );
  });

  it('shares one query among concurrent identical reads', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query, runs } = countingQuery();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.read(['patients'], 'k', query)));
    expect(answers).toEqual(Array(10).fill(1));
    expect(runs()).toBe(1);
  });

  it('drops a copy older than its lifetime, and keeps nothing with a lifetime of 0', async () => {
    let now = 0;
    const cache = createReadCache({ ttlMs: 1_000, now: () => now });
    const { query } = countingQuery();
    await cache.read(['patients'], 'k', query);
    now = 1_000;
    expect(await cache.read(['patients'], 'k', query)).toBe(2);

    const none = createReadCache({ ttlMs: 0 });
    const counted = countingQuery();
    await none.read(['patients'], 'k', counted.query);
    await none.read(['patients'], 'k', counted.query);
    expect(counted.runs()).toBe(2);
  });

  it('does not keep a failed query: the next read tries again', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    await expect(cache.read(['patients'], 'k', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.read(['patients'], 'k', () => Promise.resolve('up'))).toBe('up');
  });
});

describe('what the read cache keeps', () => {
  it('keeps only what it is asked to keep (the first pages of a list)', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const { query, runs } = countingQuery();
    await cache.read(['patients'], 'page 9', query, false);
    await cache.read(['patients'], 'page 9', query, false);
    expect(runs()).toBe(2);
  });
});
