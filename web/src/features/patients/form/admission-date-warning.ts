import { addDaysToDate, clinicToday, formatClinicalDate, isClinicalDate } from '@bari/contracts';
import { patientsMessages as m } from '../messages.ts';

/** How far ahead an admission is still an admission being planned, not a year typed wrong. */
const PLANNED_ADMISSION_DAYS = 60;

/**
 * An admission date more than two months ahead, said as it is typed: the form takes dates up
 * to two years ahead, and a nurse helper's '10/12/2027' (for 2026) was saved, its follow-up
 * planned from 2027. A warning, not a refusal: an admission may be planned that far.
 */
export function farAdmissionWarning(value: unknown, now = new Date()): string | null {
  if (typeof value !== 'string' || !isClinicalDate(value)) return null;
  const today = clinicToday(now);
  return value > addDaysToDate(today, PLANNED_ADMISSION_DAYS)
    ? m.admissionFarAhead(formatClinicalDate(value), wholeMonthsBetween(today, value))
    : null;
}

/**
 * Whole months from one `yyyy-MM-dd` to a later one: how far a date typed a year wrong is ('mais
 * de dois meses' said nothing of it). Never less than two, the warning's own threshold.
 */
function wholeMonthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) - (toDay < fromDay ? 1 : 0);
  return Math.max(2, months);
}
