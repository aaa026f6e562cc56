import { z } from 'zod';

/*
 * Clinical dates are calendar dates, `yyyy-MM-dd`, on the wire, in events and in the read
 * models (style.md, habit 3). The arithmetic below works on the calendar itself (UTC
 * midnight, never local time), so no time zone or daylight-saving change can shift a day.
 */

export const CLINICAL_DATE_INVALID = 'Data inválida';

const clinicalDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: string): Date {
  const match = clinicalDatePattern.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether the value is a real calendar date written `yyyy-MM-dd` ('2025-02-30' is not). */
export function isClinicalDate(value: string): boolean {
  if (!clinicalDatePattern.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2999 && fromUtc(toUtc(value)) === value;
}

/** A calendar date `yyyy-MM-dd` (message 'Data inválida'). */
export const ClinicalDateSchema = z.string().refine(isClinicalDate, CLINICAL_DATE_INVALID);
export type ClinicalDate = z.infer<typeof ClinicalDateSchema>;

/** `date` plus `days` calendar days. */
export function addDaysToDate(date: string, days: number): string {
  const result = toUtc(date);
  result.setUTCDate(result.getUTCDate() + days);
  return fromUtc(result);
}

/**
 * `date` plus `months` calendar months; a day that does not exist in the target month becomes
 * that month's last day (2024-01-31 + 1 month = 2024-02-29), as date-fns `addMonths` does.
 */
export function addMonthsToDate(date: string, months: number): string {
  const source = toUtc(date);
  const firstOfTarget = new Date(Date.UTC(source.getUTCFullYear(), source.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(source.getUTCDate(), lastDay));
  return fromUtc(firstOfTarget);
}

/** The service's time zone: "today" and "overdue" are judged on the São Paulo calendar. */
export const CLINIC_TIME_ZONE = 'America/Sao_Paulo';

const clinicDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLINIC_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in São Paulo at the instant `now` (`yyyy-MM-dd`). */
export function clinicToday(now: Date): string {
  return clinicDateFormat.format(now);
}

/** A clinical date for display in pt-BR: '2025-03-15' → '15/03/2025'. */
export function formatClinicalDate(date: string): string {
  const match = clinicalDatePattern.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
