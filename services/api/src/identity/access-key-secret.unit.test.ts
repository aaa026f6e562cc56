import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_KEY_LENGTH,
  accessKeyMatchesHash,
  accessKeyPrefix,
  generateAccessKey,
  hashAccessKey,
} from './access-key-secret.ts';

describe('access key secrets', () => {
  it('generates 43 base-62 characters (≈ 256 bits), URL-safe and double-click selectable', () => {
    const key = generateAccessKey();
    expect(key).toHaveLength(ACCESS_KEY_LENGTH);
    expect(key).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(ACCESS_KEY_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(256);
  });

  it('never repeats a key or its 8-character prefix in practice', () => {
    const keys = Array.from({ length: 2000 }, generateAccessKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.map(accessKeyPrefix)).size).toBe(keys.length);
  });

  it('draws every character of the alphabet with roughly equal frequency (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++)
      for (const c of generateAccessKey()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * ACCESS_KEY_LENGTH) / 62; // ≈ 1387
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.2);
  });

  it('hashes a key with SHA-256 to lower-case hex, deterministically', () => {
    const key = generateAccessKey();
    expect(hashAccessKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashAccessKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAccessKey(key)).not.toContain(key);
  });

  it('keeps the first 8 characters as the shown prefix', () => {
    expect(accessKeyPrefix('Abcdefgh0123456789')).toBe('Abcdefgh');
  });

  it('matches a typed key against a stored hash, and nothing else', () => {
    const key = generateAccessKey();
    const stored = hashAccessKey(key);
    expect(accessKeyMatchesHash(key, stored)).toBe(true);
    expect(accessKeyMatchesHash(`${key} `, stored)).toBe(false);
    expect(
      accessKeyMatchesHash(key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase(), stored),
    ).toBe(false);
    expect(accessKeyMatchesHash(key, 'not-a-hash')).toBe(false);
    expect(accessKeyMatchesHash(key, '')).toBe(false);
  });
});
