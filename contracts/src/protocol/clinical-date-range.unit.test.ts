import { describe, expect, it } from 'vitest';
import { ProcedureRecordSchema } from '../patients/procedure.ts';
import {
  CLINICAL_DATE_TOO_EARLY,
  CLINICAL_DATE_TOO_LATE,
  ClinicalDateInputSchema,
  EARLIEST_CLINICAL_DATE,
  addDaysToDate,
  clinicToday,
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

  it('gives, for every day of the range and every follow-up interval, a date the procedure schema accepts', () => {
    // Every day, not a sample: ~46 000 days × 8 intervals is quick, and leaves no corner unvisited.
    const scheduledDate = ProcedureRecordSchema.shape.scheduledDate;
    const latest = latestClinicalDate(today);
    let checked = 0;
    for (let base = EARLIEST_CLINICAL_DATE; base <= latest; base = addDaysToDate(base, 1)) {
      expect(ClinicalDateInputSchema.safeParse(base).success).toBe(true);
      for (const interval of FOLLOW_UP_INTERVALS) {
        const derived = followUpDate(interval, base, today);
        if (!scheduledDate.safeParse(derived).success) {
          expect.fail(`interval ${interval} from ${base} gives ${derived}, refused by the procedure schema`);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(8 * 365 * 120);
  });
});
