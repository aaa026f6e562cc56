import { describe, expect, it } from 'vitest';
import { ProcedureRecordSchema } from '../patients/procedure.ts';
import {
  CLINICAL_DATE_TOO_EARLY,
  CLINICAL_DATE_TOO_LATE,
  ClinicalDateInputSchema,
  EARLIEST_CLINICAL_DATE,
  addDaysToDate,
  clinicToday,
  clinicalDateRangeIssue,
  latestClinicalDate,
} from './dates.ts';
import { FOLLOW_UP_INTERVALS, followUpDate } from './intervals.ts';

const today = clinicToday(new Date());
const messageOf = (date: string) => ClinicalDateInputSchema.safeParse(date).error?.issues[0]?.message;

describe('the clinical-date input range (issue 10, item 1)', () => {
  it('accepts 1900-01-01 through today plus two years', () => {
    expect(ClinicalDateInputSchema.safeParse(EARLIEST_CLINICAL_DATE).success).toBe(true);
    expect(ClinicalDateInputSchema.safeParse(today).success).toBe(true);
    expect(ClinicalDateInputSchema.safeParse(latestClinicalDate(today)).success).toBe(true);
  });

  it('refuses a date before 1900 and one past today plus two years, in Portuguese', () => {
    expect(messageOf('1899-12-31')).toBe(CLINICAL_DATE_TOO_EARLY);
    expect(messageOf(addDaysToDate(latestClinicalDate(today), 1))).toBe(CLINICAL_DATE_TOO_LATE);
    expect(messageOf('2999-12-31')).toBe(CLINICAL_DATE_TOO_LATE);
  });

  it('gives, for dates across the whole range and every follow-up interval, dates the procedure schema accepts', () => {
    // Every day of the ends of the range (where a date could overflow or underflow), and every
    // 13th day in between: a stride that walks through every weekday and day of the month.
    const scheduledDate = ProcedureRecordSchema.shape.scheduledDate;
    const latest = latestClinicalDate(today);
    const lastYears = addDaysToDate(latest, -4 * 366);
    const firstYear = addDaysToDate(EARLIEST_CLINICAL_DATE, 366);
    let checked = 0;
    const refused: string[] = [];
    for (let base = EARLIEST_CLINICAL_DATE; base <= latest;) {
      if (clinicalDateRangeIssue(base, today) !== null) refused.push(`input ${base}`);
      for (const interval of FOLLOW_UP_INTERVALS) {
        const derived = followUpDate(interval, base, today);
        if (!scheduledDate.safeParse(derived).success) refused.push(`${interval} from ${base}: ${derived}`);
        checked += 1;
      }
      base = addDaysToDate(base, base < firstYear || base >= lastYears ? 1 : 13);
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(8 * 5 * 365);
  });
});
