import { z } from 'zod';
import { ClinicalDateSchema } from '../protocol/dates.ts';
import { ProcedureTypeIdSchema, ProcedureTypeSchema } from '../protocol/procedure-type.ts';
import { PatientIdSchema } from './fields.ts';

/** Stored procedure status (§4). 'Atrasado' (overdue) is computed at read time, never stored. */
export const PROCEDURE_STATUSES = ['pending', 'completed'] as const;
export const ProcedureStatusSchema = z.enum(PROCEDURE_STATUSES);
export type ProcedureStatus = z.infer<typeof ProcedureStatusSchema>;

export type ProcedureDisplayStatus = ProcedureStatus | 'overdue';
export const PROCEDURE_STATUS_LABELS: Readonly<Record<ProcedureDisplayStatus, string>> = {
  pending: 'Pendente',
  completed: 'Concluído',
  overdue: 'Atrasado',
};

export const ProcedureIdSchema = z.string().uuid();
export type ProcedureId = z.infer<typeof ProcedureIdSchema>;

/** A patient's procedure (§3) as the read models hold it. */
export const ProcedureRecordSchema = z.object({
  id: ProcedureIdSchema,
  patientId: PatientIdSchema,
  procedureTypeId: ProcedureTypeIdSchema,
  procedureType: ProcedureTypeSchema,
  status: ProcedureStatusSchema,
  /** Post-operative procedures: surgery (else admission) date + the month's offset; else null. */
  scheduledDate: ClinicalDateSchema.nullable(),
  completedDate: ClinicalDateSchema.nullable(),
  location: z.string().nullable(),
  professionalName: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ProcedureRecord = z.infer<typeof ProcedureRecordSchema>;

/** Overdue = pending with a scheduled date before today (São Paulo calendar, `clinicToday`). */
export function isProcedureOverdue(
  procedure: { readonly status: ProcedureStatus; readonly scheduledDate: string | null },
  today: string,
): boolean {
  return (
    procedure.status === 'pending' && procedure.scheduledDate !== null && procedure.scheduledDate < today
  );
}

export function procedureDisplayStatus(
  procedure: { readonly status: ProcedureStatus; readonly scheduledDate: string | null },
  today: string,
): ProcedureDisplayStatus {
  return isProcedureOverdue(procedure, today) ? 'overdue' : procedure.status;
}
