import {
  DeletionReasonSchema,
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  patientDateIssues,
  deletionReasonMessages,
  scheduleBaseDate,
  type PatientDetails,
  type PatientEvent,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import {
  addProcedure,
  assignRequiredProcedures,
  completePendingLabs,
  completeProcedure,
  recordProcedure,
  reopenProcedure,
} from './procedures.ts';
import { assertNever } from '../shared/assert-never.ts';
import type {
  AssignMissingRequiredProcedures,
  DeletePatient,
  PatientCommand,
  RegisterPatient,
  UpdatePatient,
} from './commands.ts';
import { fixProcedureData } from './data-fixes.ts';
import { InvalidDeletionReason, PatientAlreadyRegistered, PatientDatesOutOfOrder } from './errors.ts';
import {
  evolvePatient,
  foldPatient,
  idSupply,
  initialPatientState,
  proceduresOf,
  requireRegistered,
  requireRevision,
  type PatientState,
  type RegisteredPatient,
} from './patient.ts';
import { reschedulePendingPostOp } from './schedule.ts';

/** Discharge and surgery not before admission (the form checks it too; this sees the stored dates). */
function requireDatesInOrder(details: PatientDetails): void {
  const [issue] = patientDateIssues(details);
  if (issue) throw new PatientDatesOutOfOrder(issue.field, issue.message);
}

const DATE_FIELDS: readonly (keyof PatientDetails)[] = ['admissionDate', 'dischargeDate', 'surgeryDate'];

export function registerPatient({ data }: RegisterPatient, state: PatientState): PatientEvent[] {
  if (state.kind !== 'Unregistered') throw new PatientAlreadyRegistered(data.patientId);
  requireDatesInOrder(data.patient);
  const registered = PatientRegistered.create({ patientId: data.patientId, ...data.patient });
  const patient = requireRegistered(evolvePatient(state, registered), data.patientId);
  const nextId = idSupply(data.newProcedureIds);
  const required = data.procedureTypes.filter((type) => type.isRequired);
  return [registered, ...assignRequiredProcedures(patient, nextId, required, 'registration', data.today)];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return a === b;
}

export function updatePatient({ data }: UpdatePatient, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  requireRevision(patient, data.expectedRevision);
  const changes = Object.fromEntries(
    Object.entries(data.changes).filter(
      ([field, value]) =>
        value !== undefined && !sameValue(value, patient.details[field as keyof PatientDetails]),
    ),
  ) as Partial<PatientDetails>;
  if (Object.keys(changes).length === 0) return [];

  const updated = PatientUpdated.create({ patientId: patient.id, changes });
  const after = requireRegistered(evolvePatient(patient, updated), patient.id);
  // Only a change of a date is judged: a legacy patient's other fields stay editable.
  if (DATE_FIELDS.some((field) => field in changes)) requireDatesInOrder(after.details);
  const baseDateMoved = scheduleBaseDate(after.details) !== scheduleBaseDate(patient.details);
  return [updated, ...(baseDateMoved ? reschedulePendingPostOp(after, data.today, 'base_date_changed') : [])];
}

/**
 * A deletion's reason as `DeletionReasonSchema` reads it (trimmed), or InvalidDeletionReason
 * with its first message: absent, not text, too short or too long, or unreadable.
 */
export function requireDeletionReason(value: unknown): string {
  const result = DeletionReasonSchema.safeParse(value);
  if (result.success) return result.data;
  throw new InvalidDeletionReason(result.error.issues[0]?.message ?? deletionReasonMessages.required);
}

export function deletePatient({ data }: DeletePatient, state: PatientState): PatientEvent[] {
  const reason = requireDeletionReason(data.reason);
  const patient = requireRegistered(state, data.patientId);
  requireRevision(patient, data.expectedRevision);
  return [PatientDeleted.create({ patientId: patient.id, name: patient.details.name, reason })];
}

/**
 * Idempotent: a type the patient already has (in any status) is not assigned again. The
 * missing ones come in one `RequiredProceduresAssigned`.
 */
export function assignMissingRequiredProcedures(
  { data }: AssignMissingRequiredProcedures,
  state: PatientState,
): PatientEvent[] {
  const patient: RegisteredPatient = requireRegistered(state, data.patientId);
  const present = new Set(proceduresOf(patient).map((procedure) => procedure.procedureType.id));
  const nextId = idSupply(data.newProcedureIds);
  const missing = data.procedureTypes.filter((type) => type.isRequired && !present.has(type.id));
  return assignRequiredProcedures(patient, nextId, missing, 'migration', data.today);
}

export function decidePatient(command: PatientCommand, state: PatientState): PatientEvent[] {
  switch (command.type) {
    case 'RegisterPatient':
      return registerPatient(command, state);
    case 'UpdatePatient':
      return updatePatient(command, state);
    case 'DeletePatient':
      return deletePatient(command, state);
    case 'AssignMissingRequiredProcedures':
      return assignMissingRequiredProcedures(command, state);
    case 'FixProcedureData':
      return fixProcedureData(command, state);
    case 'AddProcedure':
      return addProcedure(command, state);
    case 'RecordProcedure':
      return recordProcedure(command, state);
    case 'CompleteProcedure':
      return completeProcedure(command, state);
    case 'ReopenProcedure':
      return reopenProcedure(command, state);
    case 'CompletePendingLabs':
      return completePendingLabs(command, state);
    default:
      return assertNever(command);
  }
}

/** The `patient-<id>` stream: the patient and its procedures. */
export const patientDecider: Decider<PatientCommand, PatientEvent, PatientState> = {
  decide: decidePatient,
  evolve: evolvePatient,
  evolveAll: foldPatient,
  initialState: initialPatientState,
};
