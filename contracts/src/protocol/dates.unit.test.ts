import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random.ts';
import {
  CLINIC_TIME_ZONE,
  ClinicalDateSchema,
  addDaysToDate,
  addMonthsToDate,
  clinicToday,
  clinicDateTimeParts,
  clinicInstant,
  formatClinicMinute,
  formatClinicTimestamp,
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

  it('answers as the formatter does when asked again within a second, across midnights', () => {
    const formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: CLINIC_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Midnights of mean time (-03:06:28, 1900), of summer time (-02:00, 2018) and of today's -03:00.
    const midnights = ['1900-01-02T03:06:28Z', '2018-01-02T02:00:00Z', '2025-03-16T03:00:00Z'];
    const random = seededRandom(7);
    const instants = midnights.flatMap((midnight) => {
      const at = Date.parse(midnight);
      return [at - 1001, at - 1000, at - 1, at, at + 1, at + 999, at + 1000];
    });
    for (let n = 0; n < 2_000; n += 1) {
      const at = Date.UTC(1900, 0, 1) + Math.floor(random() * 200 * 365.25 * 86_400_000);
      instants.push(at, at + 1, at + Math.floor(random() * 1000));
    }
    for (const at of instants) expect(clinicToday(new Date(at))).toBe(formatter.format(at));
  });

  it('tells an instant as São Paulo reads it', () => {
    expect(formatClinicDateTime(new Date('2025-03-16T02:59:00Z'))).toBe('15/03/2025 às 23:59');
  });

  it('formats for pt-BR', () => {
    expect(formatClinicalDate('2025-03-05')).toBe('05/03/2025');
  });
});

describe('the São Paulo clock, whatever the computer reads', () => {
  it('given an instant, when shown, then as São Paulo reads it, to the second', () => {
    expect(formatClinicTimestamp(new Date('2026-11-29T23:18:20.500Z'))).toBe('29/11/2026 20:18:20');
    expect(formatClinicMinute(new Date('2026-11-30T02:59:59Z'))).toBe('29/11/2026 23:59');
    expect(clinicDateTimeParts(new Date('2026-01-01T02:00:00Z'))).toEqual({
      date: '2025-12-31',
      time: '23:00:00',
    });
  });

  it('given a day and a time typed, then the instant São Paulo reads them at', () => {
    expect(clinicInstant('2026-12-31', '18:30').toISOString()).toBe('2026-12-31T21:30:00.000Z');
    expect(clinicInstant('2026-12-31', '23:59').toISOString()).toBe('2027-01-01T02:59:00.000Z');
    // In the summer time São Paulo kept until 2019 (-02:00 from 4 November 2018).
    expect(clinicInstant('2018-12-01', '10:00').toISOString()).toBe('2018-12-01T12:00:00.000Z');
    // Back and forth: the same day and time.
    const instant = clinicInstant('2027-03-15', '07:05');
    expect(clinicDateTimeParts(instant)).toEqual({ date: '2027-03-15', time: '07:05:00' });
  });
});
