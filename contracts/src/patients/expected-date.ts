import { followUpDate, intervalOfScheduledMonth } from '../protocol/intervals.ts';
import type { PatientProcedureDto } from './dtos.ts';

/**
 * The date a procedure is expected on, as the patient page and the individual report show it
 * (issue 11: the same plan for every row). A pending one has the scheduled date, which also
 * decides 'Atrasado'. A completed post-operative one is where the current plan puts it (base
 * date plus its month's offset): the stored date of a completed procedure is the one planned
 * when it was done, so a surgery date moved afterwards would leave it with a date no other row
 * agrees with. Types without a follow-up month keep their stored date.
 */
export function expectedDate(
  procedure: Pick<PatientProcedureDto, 'status' | 'scheduledDate' | 'procedureType'>,
  baseDate: string,
): string | null {
  const { status, scheduledDate, procedureType } = procedure;
  if (status !== 'completed' || procedureType.phase !== 'post_operative') return scheduledDate;
  const interval = intervalOfScheduledMonth(procedureType.scheduledMonth);
  return interval ? followUpDate(interval, baseDate, baseDate) : scheduledDate;
}
