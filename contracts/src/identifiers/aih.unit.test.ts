import { describe, expect, it } from 'vitest';
import {
  AIH_CHECK_DIGIT_WARNING,
  aihCheckDigit,
  aihCheckDigitWarning,
  hasValidAihCheckDigit,
  isAihNumberFormat,
} from './aih.ts';

describe('AIH number', () => {
  it.each(['3525100001236', '2926500123459'])(
    'given the catalogue example %s, then it is well formed with a matching check digit',
    (aih) => {
      expect(isAihNumberFormat(aih)).toBe(true);
      expect(hasValidAihCheckDigit(aih)).toBe(true);
      expect(aihCheckDigitWarning(aih)).toBeNull();
    },
  );

  it.each(['352510000123', '35251000012367', '352510000123A', '35251-0000123-6', ''])(
    'given %s, then it is refused (not 13 digits)',
    (aih) => expect(isAihNumberFormat(aih)).toBe(false),
  );

  it('computes the check digit as the first 12 digits mod 11, 10 → 0', () => {
    expect(aihCheckDigit('352510000123')).toBe(6);
    // 10 mod 11 = 10 → 0
    expect(aihCheckDigit('000000000010')).toBe(0);
  });

  it('given a wrong check digit, then it is only a warning', () => {
    expect(isAihNumberFormat('3525100001237')).toBe(true);
    expect(hasValidAihCheckDigit('3525100001237')).toBe(false);
    expect(aihCheckDigitWarning('3525100001237')).toBe(AIH_CHECK_DIGIT_WARNING);
    expect(aihCheckDigitWarning('')).toBeNull();
    expect(aihCheckDigitWarning('123')).toBeNull();
  });
});
