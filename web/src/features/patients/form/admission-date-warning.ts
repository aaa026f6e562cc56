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
  return value > addDaysToDate(clinicToday(now), PLANNED_ADMISSION_DAYS)
    ? m.admissionFarAhead(formatClinicalDate(value))
    : null;
}
