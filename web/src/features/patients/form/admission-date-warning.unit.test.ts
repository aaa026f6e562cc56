import { describe, expect, it } from 'vitest';
import { farAdmissionWarning } from './admission-date-warning.ts';

describe('farAdmissionWarning', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('given an admission more than two months ahead, then asks to check the year', () => {
    expect(farAdmissionWarning('2027-12-10', now)).toBe(
      'A internação é em 10/12/2027, daqui a mais de dois meses. Confira o ano antes de salvar.',
    );
  });

  it('given an admission in the past, today or within two months, or no whole date, then nothing', () => {
    for (const value of ['2026-01-30', '2026-11-27', '2027-01-26', '2027-01', '', null]) {
      expect(farAdmissionWarning(value, now), String(value)).toBeNull();
    }
  });
});
