import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from './new-id.ts';

const Uuid = z.string().uuid();

describe('newId', () => {
  it('is a version 7 UUID (RFC 9562 variant) that starts with the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 25, 12, 0, 0);
    const id = newId(at + 10_000_000);
    expect(Uuid.safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000_000);
  });

  it('given many ids in the same millisecond, then each sorts after the one before, none repeated', () => {
    const at = Date.now() + 20_000_000;
    const ids = Array.from({ length: 5_000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('given a clock that goes back, then ids still never sort before earlier ones', () => {
    const at = Date.now() + 30_000_000;
    const first = newId(at);
    const second = newId(at - 5_000);
    expect(second > first).toBe(true);
  });

  it('given thousands of ids (several refills of the random pool), then their random bits never repeat', () => {
    const tails = Array.from({ length: 3_000 }, () => newId().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
