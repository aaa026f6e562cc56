import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@bari/contracts';
import { createSessionCache, type CachedSession } from './session-cache.ts';

const user = { id: '5d0f4a4e-8d1b-4f7e-9a52-0c8a3f3b9e11', email: 'enfermeira@sus.gov.br' } as CurrentUser;
const session = (validUntil: number): CachedSession => ({ data: { userId: user.id }, user, validUntil });

describe('the session cache', () => {
  it('gives a session back until its validity ends, then forgets it', () => {
    const cache = createSessionCache(5_000);
    cache.put('a', session(1_000), cache.ticket('a'));
    expect(cache.get('a', 999)?.user).toBe(user);
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('forgets one session, or all of them', () => {
    const cache = createSessionCache(5_000);
    cache.put('a', session(1_000), cache.ticket('a'));
    cache.put('b', session(1_000), cache.ticket('b'));
    cache.forget('a');
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeDefined();
    cache.clear();
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const cache = createSessionCache(0);
    cache.put('a', session(1_000), cache.ticket('a'));
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

describe('a read in flight while the session was forgotten or the cache cleared', () => {
  it('does not put back what it read before a logout (forget)', () => {
    const cache = createSessionCache(5_000);
    const ticket = cache.ticket('a');
    cache.forget('a');
    cache.put('a', session(1_000), ticket);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('does not put back what it read before a rejection (clear)', () => {
    const cache = createSessionCache(5_000);
    const ticket = cache.ticket('a');
    cache.clear();
    cache.put('a', session(1_000), ticket);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('is kept when nothing happened to its session meanwhile, even if another was forgotten', () => {
    const cache = createSessionCache(5_000);
    const ticket = cache.ticket('a');
    cache.forget('b');
    cache.put('a', session(1_000), ticket);
    expect(cache.get('a', 0)?.user).toBe(user);
  });
});
