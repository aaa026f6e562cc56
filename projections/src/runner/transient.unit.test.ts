import { describe, expect, it } from 'vitest';
import { isTransient } from './transient.ts';

const failure = (code: string): Error => Object.assign(new Error(code), { code });

describe('isTransient', () => {
  it.each([
    ['deadlock', '40P01'],
    ['statement timeout', '57014'],
    ['admin shutdown', '57P01'],
    ['connection failure', '08006'],
    ['disk full', '53100'],
    ['out of memory', '53200'],
    ['too many connections', '53300'],
    ['read-only transaction (a standby after a failover)', '25006'],
    ['connection reset', 'ECONNRESET'],
  ])('given %s (%s), then it is retried', (_kind, code) => {
    expect(isTransient(failure(code))).toBe(true);
  });

  it.each([
    ['unique violation', '23505'],
    ['invalid text representation', '22P02'],
    ['undefined column', '42703'],
    ['other invalid transaction state', '25001'],
  ])('given %s (%s), then it is not', (_kind, code) => {
    expect(isTransient(failure(code))).toBe(false);
  });

  it('given a transient error as the cause of another, then it is retried', () => {
    expect(isTransient(new Error('wrapped', { cause: failure('40P01') }))).toBe(true);
    expect(isTransient(new Error('plain'))).toBe(false);
  });
});
