import {
  CATEGORY_LABELS,
  ProcedureReopened,
  ProcedureRemoved,
  formatClinicalDate,
  type PatientEvent,
} from '@bari/contracts';
import type { FixProcedureData } from './commands.ts';
import {
  foldPatient,
  proceduresOf,
  requireRegistered,
  type PatientState,
  type ProcedureState,
  type RegisteredPatient,
} from './patient.ts';
import { reschedulePendingPostOp } from './schedule.ts';

/*
 * 'fix-production-data'. The events of this system cannot produce these inconsistencies; data
 * brought over from the previous system (`LegacyProcedureImported`) can. Each correction is an
 * event with its reason, so the audit trail shows it, and a second run finds nothing.
 */

const present = (value: string | null): boolean => value !== null && value.trim() !== '';

/**
 * Whether a procedure holds something the team recorded: a dated completion, the place, the
 * professional or notes. Such a procedure is never removed as a duplicate: its data would then
 * live only in the log.
 */
function holdsRecord(procedure: ProcedureState): boolean {
  return (
    (procedure.status === 'completed' && procedure.completedDate !== null) ||
    present(procedure.location) ||
    present(procedure.professionalName) ||
    present(procedure.notes)
  );
}

/** Among duplicates holding nothing: completed (its date unknown) before pending, then the first assigned. */
const rank = (procedure: ProcedureState): number => (procedure.status === 'completed' ? 1 : 0);

/** Each required type's procedures, in the order they were assigned; optional types may repeat. */
function requiredGroups(patient: RegisteredPatient): ProcedureState[][] {
  const byType = new Map<string, ProcedureState[]>();
  for (const procedure of proceduresOf(patient)) {
    if (!procedure.procedureType.isRequired) continue;
    const group = byType.get(procedure.procedureType.id) ?? [];
    group.push(procedure);
    byType.set(procedure.procedureType.id, group);
  }
  return [...byType.values()];
}

/**
 * Removes the surplus of each required type: every duplicate that holds no record, keeping
 * those that do (all of them, even two completions: which one is real is the team's call, see
 * `duplicatesToReview`) or, when none does, the most complete of the rest.
 */
function removeDuplicateRequired(patient: RegisteredPatient): PatientEvent[] {
  return requiredGroups(patient).flatMap((group) => {
    if (group.length < 2) return [];
    const records = group.filter(holdsRecord);
    const kept =
      records.length > 0
        ? new Set(records)
        : new Set([group.reduce((best, candidate) => (rank(candidate) > rank(best) ? candidate : best))]);
    return group
      .filter((procedure) => !kept.has(procedure))
      .map((procedure) =>
        ProcedureRemoved.create({ patientId: patient.id, procedureId: procedure.id, reason: 'duplicate' }),
      );
  });
}

function clearContradictoryDates(patient: RegisteredPatient): PatientEvent[] {
  return proceduresOf(patient).flatMap((procedure) => {
    if (procedure.status === 'completed' && procedure.completedDate === null) {
      // The date it was done is unknown; inventing one would falsify the record. Pending again,
      // it shows up for the team to tick with the real date.
      return [
        ProcedureReopened.create({
          patientId: patient.id,
          procedureId: procedure.id,
          reason: 'completed_without_date',
        }),
      ];
    }
    if (procedure.status === 'pending' && procedure.completedDate !== null) {
      return [
        ProcedureReopened.create({
          patientId: patient.id,
          procedureId: procedure.id,
          reason: 'pending_with_date',
        }),
      ];
    }
    return [];
  });
}

export function fixProcedureData({ data }: FixProcedureData, state: PatientState): PatientEvent[] {
  requireRegistered(state, data.patientId);
  // Each step sees the previous corrections: a removed duplicate is neither reopened nor rescheduled.
  const steps = [
    removeDuplicateRequired,
    clearContradictoryDates,
    (patient: RegisteredPatient) => reschedulePendingPostOp(patient, data.today, 'data_fix'),
  ];
  const events: PatientEvent[] = [];
  let current = state;
  for (const step of steps) {
    const corrections = step(requireRegistered(current, data.patientId));
    events.push(...corrections);
    current = foldPatient(current, corrections);
  }
  return events;
}

const procedureLabel = (procedure: ProcedureState): string =>
  `"${procedure.procedureType.name}" (${CATEGORY_LABELS[procedure.procedureType.category]})`;

function recordSummary(procedure: ProcedureState): string {
  const status =
    procedure.status === 'completed' && procedure.completedDate !== null
      ? `concluído em ${formatClinicalDate(procedure.completedDate)}`
      : 'pendente';
  const details = [
    present(procedure.location) ? `local: ${procedure.location!.trim()}` : null,
    present(procedure.professionalName) ? `profissional: ${procedure.professionalName!.trim()}` : null,
    present(procedure.notes) ? 'com observações' : null,
  ].filter((detail) => detail !== null);
  return [status, ...details].join(', ');
}

/**
 * The duplicates the fix keeps because each holds a record (once corrected, a required type
 * listed more than once): one Portuguese line per type, for the team to review by hand.
 */
export function duplicatesToReview(state: PatientState): string[] {
  if (state.kind !== 'Registered') return [];
  return requiredGroups(state)
    .filter((group) => group.length > 1)
    .map((group) => {
      const what = group.map((procedure) => recordSummary(procedure)).join('; ');
      return `Paciente ${state.details.name}: ${procedureLabel(group[0]!)} registrado ${group.length} vezes, cada um com dados (${what}) — mantidos, pois a correção automática não remove registros com dados; confira com a equipe qual vale`;
    });
}

/**
 * One Portuguese line per correction, for the `{corrections}` answer and the 'Correção
 * aplicada' toast. `before` is the patient as it was when the corrections were decided.
 */
export function describeCorrections(before: PatientState, events: readonly PatientEvent[]): string[] {
  if (before.kind !== 'Registered') return [];
  const patient = `Paciente ${before.details.name}`;
  const procedureName = (procedureId: string) => {
    const procedure = before.procedures.get(procedureId);
    return procedure ? procedureLabel(procedure) : 'procedimento';
  };
  const date = (value: string | null) => (value === null ? 'sem data' : formatClinicalDate(value));
  return events.flatMap((event) => {
    switch (event.type) {
      case 'ProcedureRemoved':
        return [
          `${patient}: ${procedureName(event.data.procedureId)} duplicado — registro excedente removido`,
        ];
      case 'ProcedureReopened':
        if (event.data.reason === 'completed_without_date') {
          return [
            `${patient}: ${procedureName(event.data.procedureId)} estava concluído sem data de realização — voltou a pendente`,
          ];
        }
        if (event.data.reason === 'pending_with_date') {
          return [
            `${patient}: ${procedureName(event.data.procedureId)} estava pendente com data de realização — data removida`,
          ];
        }
        return [];
      case 'ProcedureRescheduled':
        return [
          `${patient}: ${procedureName(event.data.procedureId)} reagendado de ${date(event.data.previousScheduledDate)} para ${date(event.data.scheduledDate)}`,
        ];
      default:
        return [];
    }
  });
}
