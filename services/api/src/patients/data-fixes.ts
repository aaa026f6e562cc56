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

/** Keeps the most complete of each required type's procedures: completed with a date, then completed, then the first. */
function rank(procedure: ProcedureState): number {
  if (procedure.status === 'completed') return procedure.completedDate === null ? 1 : 2;
  return 0;
}

function removeDuplicateRequired(patient: RegisteredPatient): PatientEvent[] {
  const byType = new Map<string, ProcedureState[]>();
  for (const procedure of proceduresOf(patient)) {
    if (!procedure.procedureType.isRequired) continue;
    const group = byType.get(procedure.procedureType.id) ?? [];
    group.push(procedure);
    byType.set(procedure.procedureType.id, group);
  }
  return [...byType.values()].flatMap((group) => {
    if (group.length < 2) return [];
    const kept = group.reduce((best, candidate) => (rank(candidate) > rank(best) ? candidate : best));
    return group
      .filter((procedure) => procedure !== kept)
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

/**
 * One Portuguese line per correction, for the `{corrections}` answer and the 'Correção
 * aplicada' toast. `before` is the patient as it was when the corrections were decided.
 */
export function describeCorrections(before: PatientState, events: readonly PatientEvent[]): string[] {
  if (before.kind !== 'Registered') return [];
  const patient = `Paciente ${before.details.name}`;
  const procedureName = (procedureId: string) => {
    const procedure = before.procedures.get(procedureId);
    return procedure
      ? `"${procedure.procedureType.name}" (${CATEGORY_LABELS[procedure.procedureType.category]})`
      : 'procedimento';
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
