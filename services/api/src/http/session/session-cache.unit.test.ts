import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@bari/contracts';
import { createSessionCache, type CachedSession } from './session-cache.ts';

const user = { id: '5d0f4a4e-8d1b-4f7e-9a52-0c8a3f3b9e11', email: 'enfermeira@sus.gov.br' } as CurrentUser;
const session = (validUntil: number): CachedSession => ({ data: { userId: user.id }, user, validUntil });

describe('the session cache', () => {
  it('gives a session back until its validity ends, then forgets it', () => {
    const cache = createSessionCache(5_000);
    cache.put('a', session(1_000));
    expect(cache.get('a', 999)?.user).toBe(user);
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('forgets one session, or all of them', () => {
    const cache = createSessionCache(5_000);
    cache.put('a', session(1_000));
    cache.put('b', session(1_000));
    cache.forget('a');
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeDefined();
    cache.clear();
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const cache = createSessionCache(0);
    cache.put('a', session(1_000));
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
