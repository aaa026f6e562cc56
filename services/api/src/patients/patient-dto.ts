import {
  derivePatientStatus,
  isProcedureOverdue,
  progressPercentage,
  type PatientDetailDto,
  type PatientProcedureDto,
} from '@bari/contracts';
import { proceduresOf, type ProcedureState, type RegisteredPatient } from './patient.ts';

/*
 * The answer of a write, built from the command's own result (the decider's new state), not
 * re-read from the read models: a write that succeeded answers 201/200 with what it wrote
 * even while the projections lag. The same shapes and derivations as the patients read model
 * (`projections/src/patients/queries.ts`): procedures in assignment order, status, progress
 * and overdue computed against `today` (São Paulo).
 */

/** One of the patient's procedures as `GET /api/patients/:id` lists it. */
export function toProcedureDto(
  patientId: string,
  procedure: ProcedureState,
  today: string,
): PatientProcedureDto {
  return {
    id: procedure.id,
    patientId,
    procedureTypeId: procedure.procedureType.id,
    procedureType: procedure.procedureType,
    status: procedure.status,
    scheduledDate: procedure.scheduledDate,
    completedDate: procedure.completedDate,
    location: procedure.location,
    professionalName: procedure.professionalName,
    notes: procedure.notes,
    overdue: isProcedureOverdue(procedure, today),
  };
}

/**
 * The patient as `GET /api/patients/:id` shows it. `registeredAt` is when its stream's first
 * event was stored (what the read model keeps), which the state does not hold.
 */
export function toPatientDto(
  patient: RegisteredPatient,
  registeredAt: string,
  today: string,
): PatientDetailDto {
  const procedures = proceduresOf(patient);
  const completed = procedures.filter((procedure) => procedure.status === 'completed');
  const required = procedures.filter((procedure) => procedure.procedureType.isRequired);
  const completedRequired = required.filter((procedure) => procedure.status === 'completed');
  return {
    ...patient.details,
    id: patient.id,
    version: patient.revision,
    registeredAt,
    status: derivePatientStatus(
      {
        surgeryDate: patient.details.surgeryDate,
        requiredProcedures: required.length,
        completedRequiredProcedures: completedRequired.length,
      },
      today,
    ),
    progress: progressPercentage(completed.length, procedures.length),
    completedProcedures: completed.length,
    totalProcedures: procedures.length,
    procedures: procedures.map((procedure) => toProcedureDto(patient.id, procedure, today)),
  };
}
