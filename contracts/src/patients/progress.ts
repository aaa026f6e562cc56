import { z } from 'zod';

/** The patient list's derived status filter (§2, architecture "beyond the spec"). */
export const PATIENT_STATUSES = ['pre_op', 'post_op', 'completed'] as const;
export const PatientStatusSchema = z.enum(PATIENT_STATUSES);
export type PatientStatus = z.infer<typeof PatientStatusSchema>;

export const PATIENT_STATUS_LABELS: Readonly<Record<PatientStatus, string>> = {
  pre_op: 'Pré-operatório',
  post_op: 'Pós-operatório',
  completed: 'Concluído',
};

/**
 * `pre_op` while there is no surgery date or it is after today; `completed` once every
 * required procedure is completed (and there is at least one); `post_op` otherwise.
 * Time-dependent, so computed at read time with `today` (`clinicToday`).
 */
export function derivePatientStatus(
  patient: {
    readonly surgeryDate: string | null;
    readonly requiredProcedures: number;
    readonly completedRequiredProcedures: number;
  },
  today: string,
): PatientStatus {
  if (patient.surgeryDate === null || patient.surgeryDate > today) return 'pre_op';
  if (patient.requiredProcedures > 0 && patient.completedRequiredProcedures >= patient.requiredProcedures) {
    return 'completed';
  }
  return 'post_op';
}

/** §4: completed / all procedures × 100, rounded; 0 when there are none; clamped to 0–100. */
export function progressPercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((completed / total) * 100)));
}

export type ProgressLevel = 'success' | 'warning' | 'danger';

/** §4: at least 80 success colour, at least 50 warning, otherwise destructive. */
export function progressLevel(percentage: number): ProgressLevel {
  if (percentage >= 80) return 'success';
  if (percentage >= 50) return 'warning';
  return 'danger';
}
