import { describe, expect, it } from 'vitest';
import {
  ClinicalDateSchema,
  addDaysToDate,
  addMonthsToDate,
  clinicToday,
  formatClinicDateTime,
  formatClinicalDate,
  isClinicalDate,
} from './dates.ts';

describe('clinical dates', () => {
  it.each(['2025-03-15', '2024-02-29', '2000-01-01'])('given %s, then it is a calendar date', (date) =>
    expect(isClinicalDate(date)).toBe(true),
  );
  it.each(['2025-02-29', '2025-13-01', '2025-3-15', '15/03/2025', '2025-03-15T00:00:00Z', '', '0999-01-01'])(
    'given %s, then it is not',
    (date) => expect(isClinicalDate(date)).toBe(false),
  );

  it('says "Data inválida" for anything else', () => {
    expect(ClinicalDateSchema.safeParse('2025-02-30').error?.issues[0]?.message).toBe('Data inválida');
  });

  it('adds days across months and years', () => {
    expect(addDaysToDate('2025-01-15', 30)).toBe('2025-02-14');
    expect(addDaysToDate('2024-12-20', 15)).toBe('2025-01-04');
  });

  it('adds months, clamping to the last day of a shorter month (as date-fns addMonths)', () => {
    expect(addMonthsToDate('2025-01-15', 2)).toBe('2025-03-15');
    expect(addMonthsToDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToDate('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsToDate('2025-08-31', 18)).toBe('2027-02-28');
    expect(addMonthsToDate('2025-11-30', 13)).toBe('2026-12-30');
  });

  it('knows today on the São Paulo calendar (UTC−3)', () => {
    expect(clinicToday(new Date('2025-03-16T02:59:00Z'))).toBe('2025-03-15');
    expect(clinicToday(new Date('2025-03-16T03:00:00Z'))).toBe('2025-03-16');
  });

  it('tells an instant as São Paulo reads it', () => {
    expect(formatClinicDateTime(new Date('2025-03-16T02:59:00Z'))).toBe('15/03/2025 às 23:59');
  });

  it('formats for pt-BR', () => {
    expect(formatClinicalDate('2025-03-05')).toBe('05/03/2025');
  });
});
