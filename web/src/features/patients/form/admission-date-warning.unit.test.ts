import { describe, expect, it } from 'vitest';
import { farAdmissionWarning } from './admission-date-warning.ts';

describe('farAdmissionWarning', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('given an admission more than two months ahead, then asks to check the year, saying how far', () => {
    expect(farAdmissionWarning('2027-12-10', now)).toBe(
      'A internação é em 10/12/2027, daqui a 12 meses. Confira o ano antes de salvar.',
    );
    expect(farAdmissionWarning('2027-12-26', now)).toContain('daqui a 12 meses');
    expect(farAdmissionWarning('2027-12-27', now)).toContain('daqui a 13 meses');
    // Just past the two months (61 days): two whole months.
    expect(farAdmissionWarning('2027-01-27', now)).toContain('daqui a 2 meses');
  });

  it('given an admission in the past, today or within two months, or no whole date, then nothing', () => {
    for (const value of ['2026-01-30', '2026-11-27', '2027-01-26', '2027-01', '', null]) {
      expect(farAdmissionWarning(value, now), String(value)).toBeNull();
    }
  });
});
