import {
  ProcedureAssigned,
  ProcedureCompleted,
  ProcedureCompletionChanged,
  ProcedureReopened,
  ProcedureRescheduled,
  RequiredProceduresAssigned,
  scheduledDateFor,
  surgerySideIssue,
  type PatientEvent,
  type ProcedureAsSeen,
  type ProcedureType,
} from '@bari/contracts';
import type {
  AddProcedure,
  CompletePendingLabs,
  CompleteProcedure,
  RecordProcedure,
  ReopenProcedure,
} from './commands.ts';
import {
  CompletionOnWrongSideOfSurgery,
  FutureCompletionDate,
  ProcedureAlreadyAssigned,
  ProcedureAlreadyCompleted,
  ProcedureNotFound,
  StaleProcedure,
} from './errors.ts';
import { ProcedureTypeNotFound } from '../procedure-types/errors.ts';
import {
  baseDateOf,
  proceduresOf,
  requireRegistered,
  type PatientState,
  type ProcedureState,
  type RegisteredPatient,
} from './patient.ts';

/*
 * Procedures live in their patient's stream (`patient-<id>`): these are the command functions
 * for them, dispatched by the patient decider (`business-logic.ts`).
 */

function findType(types: readonly ProcedureType[], procedureTypeId: string): ProcedureType {
  const type = types.find((candidate) => candidate.id === procedureTypeId);
  if (!type) throw new ProcedureTypeNotFound(procedureTypeId);
  return type;
}

function findProcedure(patient: RegisteredPatient, procedureId: string): ProcedureState {
  const procedure = patient.procedures.get(procedureId);
  if (!procedure) throw new ProcedureNotFound(procedureId);
  return procedure;
}

/** A clinical record is never dated after today (São Paulo, the server's clock). */
function requireNotFuture(completedDate: string, today: string): void {
  if (completedDate > today) throw new FutureCompletionDate(completedDate, today);
}

/**
 * A post-operative procedure is done on or after the surgery, a pre-operative one on or before
 * it (when the patient has its date): a date on the wrong side is a date typed wrong (a year, a
 * month) or today left as proposed for an exam caught up late, not a record to keep.
 */
function requireOnSurgerySide(patient: RegisteredPatient, type: ProcedureType, completedDate: string): void {
  const { surgeryDate } = patient.details;
  const issue = surgerySideIssue(type.phase, surgeryDate, completedDate);
  if (issue && surgeryDate) throw new CompletionOnWrongSideOfSurgery(issue, completedDate, surgeryDate);
}

function ofType(patient: RegisteredPatient, procedureTypeId: string): ProcedureState[] {
  return proceduresOf(patient).filter((procedure) => procedure.procedureType.id === procedureTypeId);
}

/** A new pending procedure of `type`, scheduled when post-operative (base date + its month's offset). */
export function assignProcedure(
  patient: RegisteredPatient,
  procedureId: string,
  type: ProcedureType,
  reason: ProcedureAssigned['data']['reason'],
  today: string,
): PatientEvent {
  return ProcedureAssigned.create({
    patientId: patient.id,
    procedureId,
    procedureType: type,
    status: 'pending',
    scheduledDate: scheduledDateFor(type, baseDateOf(patient), today),
    reason,
  });
}

/**
 * One `RequiredProceduresAssigned` for these types, pending, post-operative ones scheduled from
 * the base date; nothing when there is no type to assign.
 */
export function assignRequiredProcedures(
  patient: RegisteredPatient,
  nextId: () => string,
  types: readonly ProcedureType[],
  reason: RequiredProceduresAssigned['data']['reason'],
  today: string,
): PatientEvent[] {
  if (types.length === 0) return [];
  const baseDate = baseDateOf(patient);
  return [
    RequiredProceduresAssigned.create({
      patientId: patient.id,
      procedures: types.map((type) => ({
        procedureId: nextId(),
        procedureType: type,
        scheduledDate: scheduledDateFor(type, baseDate, today),
      })),
      reason,
    }),
  ];
}

export function addProcedure({ data }: AddProcedure, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  const type = findType(data.procedureTypes, data.procedureTypeId);
  if (ofType(patient, type.id).length > 0) throw new ProcedureAlreadyAssigned(type.id);
  return [assignProcedure(patient, data.procedureId, type, 'added', data.today)];
}

export function recordProcedure({ data }: RecordProcedure, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  const type = findType(data.procedureTypes, data.procedureTypeId);
  requireNotFuture(data.completedDate, data.today);
  requireOnSurgerySide(patient, type, data.completedDate);
  const existing = ofType(patient, type.id);
  const pending = existing.find((procedure) => procedure.status === 'pending');
  const completion = (procedureId: string) =>
    ProcedureCompleted.create({
      patientId: patient.id,
      procedureId,
      completedDate: data.completedDate,
      location: data.location,
      professionalName: data.professionalName,
      notes: data.notes,
    });
  if (pending) return [completion(pending.id)];
  if (existing.length > 0) throw new ProcedureAlreadyCompleted(type.id);
  return [
    assignProcedure(patient, data.procedureId, type, 'recorded', data.today),
    completion(data.procedureId),
  ];
}

/** Refuses a change the client based on a view of the procedure that is no longer true. */
function requireAsSeen(procedure: ProcedureState, expected: ProcedureAsSeen | undefined): void {
  if (!expected) return;
  if (expected.status !== procedure.status || expected.completedDate !== procedure.completedDate) {
    throw new StaleProcedure(procedure.id);
  }
}

export function completeProcedure({ data }: CompleteProcedure, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  const procedure = findProcedure(patient, data.procedureId);
  requireAsSeen(procedure, data.expected);
  requireNotFuture(data.completedDate, data.today);
  // A date already recorded is not judged again (a surgery date moved since, data from before
  // this check): its location or notes can still be corrected.
  if (procedure.status === 'pending' || data.completedDate !== procedure.completedDate) {
    requireOnSurgerySide(patient, procedure.procedureType, data.completedDate);
  }
  const completion = {
    patientId: patient.id,
    procedureId: procedure.id,
    completedDate: data.completedDate,
    location: data.location === undefined ? procedure.location : data.location,
    professionalName:
      data.professionalName === undefined ? procedure.professionalName : data.professionalName,
    notes: data.notes === undefined ? procedure.notes : data.notes,
  };
  if (procedure.status === 'pending') return [ProcedureCompleted.create(completion)];
  const unchanged =
    completion.completedDate === procedure.completedDate &&
    completion.location === procedure.location &&
    completion.professionalName === procedure.professionalName &&
    completion.notes === procedure.notes;
  return unchanged ? [] : [ProcedureCompletionChanged.create(completion)];
}

export function reopenProcedure({ data }: ReopenProcedure, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  const procedure = findProcedure(patient, data.procedureId);
  requireAsSeen(procedure, data.expected);
  if (procedure.status === 'pending' && procedure.completedDate === null) return [];
  const reopened = ProcedureReopened.create({
    patientId: patient.id,
    procedureId: procedure.id,
    reason: 'staff',
  });
  // Pending post-operative procedures follow the surgery date (a moved date reschedules them);
  // one completed meanwhile kept the plan of its day, and would come back overdue on it.
  const scheduledDate = scheduledDateFor(procedure.procedureType, baseDateOf(patient), data.today);
  if (procedure.procedureType.phase !== 'post_operative' || scheduledDate === procedure.scheduledDate) {
    return [reopened];
  }
  return [
    reopened,
    ProcedureRescheduled.create({
      patientId: patient.id,
      procedureId: procedure.id,
      scheduledDate,
      previousScheduledDate: procedure.scheduledDate,
      reason: 'reopened',
    }),
  ];
}

export function completePendingLabs({ data }: CompletePendingLabs, state: PatientState): PatientEvent[] {
  const patient = requireRegistered(state, data.patientId);
  requireNotFuture(data.completedDate, data.today);
  const pending = proceduresOf(patient).filter(
    (procedure) => procedure.procedureType.category === 'pre_op_lab' && procedure.status === 'pending',
  );
  for (const procedure of pending) requireOnSurgerySide(patient, procedure.procedureType, data.completedDate);
  return pending.map((procedure) =>
    ProcedureCompleted.create({
      patientId: patient.id,
      procedureId: procedure.id,
      completedDate: data.completedDate,
      location: procedure.location,
      professionalName: procedure.professionalName,
      notes: procedure.notes,
    }),
  );
}
