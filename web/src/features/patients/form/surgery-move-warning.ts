import { formatClinicalDate, isClinicalDate, type PatientProcedureDto } from '@bari/contracts';
import { wrongSideOfSurgery } from '../../procedures/surgery-side.ts';
import { patientsMessages as m } from '../messages.ts';

/** How many of the procedures concerned the warning names. */
const NAMED = 2;

/**
 * A surgery date changed so that procedures already completed fall on its wrong side (a
 * pre-operative exam after it, a follow-up visit before it), said as it is typed: the server
 * judges completion dates when they are recorded, not when the surgery moves, and a nurse
 * helper moved a surgery before an ECG recorded done, with nothing said anywhere.
 */
export function surgeryMoveWarning(
  value: unknown,
  recordedSurgeryDate: string | null,
  procedures: readonly PatientProcedureDto[],
): string | null {
  if (typeof value !== 'string' || !isClinicalDate(value) || value === recordedSurgeryDate) return null;
  const misplaced = procedures.filter(
    (procedure) =>
      procedure.status === 'completed' &&
      wrongSideOfSurgery(procedure.procedureType.phase, value, procedure.completedDate) !== null,
  );
  if (misplaced.length === 0) return null;
  const named = misplaced
    .slice(0, NAMED)
    .map((procedure) => `${procedure.procedureType.name} (${formatClinicalDate(procedure.completedDate!)})`);
  return m.surgeryMoveMisplaces(misplaced.length, named, misplaced.length - named.length);
}
