import { isValidCns as referenceIsValidCns } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { isValidCns } from './cns.ts';

describe('CNS', () => {
  it.each([
    ['162709345180001', 'definitive, suffix 001'],
    ['205197384620018', 'definitive, suffix 001'],
    ['702401836509216', 'provisional'],
    ['898317624051701', 'provisional'],
  ])('given the catalogue example %s (%s), when validated, then it is valid', (cns) =>
    expect(isValidCns(cns)).toBe(true),
  );

  it.each([
    ['162709345180002', 'wrong check digit'],
    ['162709345180011', 'wrong suffix'],
    ['702401836509217', 'provisional sum not a multiple of 11'],
    ['302401836509216', 'first digit 3'],
    ['16270934518000', 'too short'],
    ['1627093451800011', 'too long'],
    ['16270934518000A', 'a letter'],
    ['', 'empty'],
  ])('given %s (%s), when validated, then it is invalid', (cns) => expect(isValidCns(cns)).toBe(false));

  it('accepts a definitive number with suffix 000 (dv 11 → 0)', () => {
    // base 12345678901: S = 1·15 + 2·14 + … + 1·5 = 440 ≡ 0 (mod 11), so dv = 11 → 0.
    expect(isValidCns('123456789010000')).toBe(true);
    expect(isValidCns('123456789010001')).toBe(false);
  });

  it('agrees with @brazilian-utils over a sweep of numbers of every first digit', () => {
    let valid = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const first = String((n % 9) + 1);
      const body = String((n * 7_919_017 + 13) % 1e13).padStart(13, '0');
      const last = String(n % 10);
      const cns = `${first}${body}${last}`;
      const expected = referenceIsValidCns(cns);
      expect(isValidCns(cns), cns).toBe(expected);
      if (expected) valid += 1;
    }
    expect(valid).toBeGreaterThan(0);
  });
});
