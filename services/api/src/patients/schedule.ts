import { ProcedureRescheduled, scheduledDateFor, type PatientEvent } from '@bari/contracts';
import { baseDateOf, proceduresOf, type RegisteredPatient } from './patient.ts';

/**
 * Moves every pending post-operative procedure whose scheduled date is not the base date
 * (surgery, else admission) plus its month's offset. Completed procedures keep theirs: it
 * records what the plan was when they were done.
 */
export function reschedulePendingPostOp(
  patient: RegisteredPatient,
  today: string,
  reason: ProcedureRescheduled['data']['reason'],
): PatientEvent[] {
  const baseDate = baseDateOf(patient);
  return proceduresOf(patient).flatMap((procedure) => {
    if (procedure.status !== 'pending' || procedure.procedureType.phase !== 'post_operative') return [];
    const expected = scheduledDateFor(procedure.procedureType, baseDate, today);
    if (expected === procedure.scheduledDate) return [];
    return [
      ProcedureRescheduled.create({
        patientId: patient.id,
        procedureId: procedure.id,
        scheduledDate: expected,
        previousScheduledDate: procedure.scheduledDate,
        reason,
      }),
    ];
  });
}
