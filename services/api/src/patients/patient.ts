import {
  scheduleBaseDate,
  type PatientDetails,
  type PatientEvent,
  type ProcedureStatus,
  type ProcedureType,
} from '@bari/contracts';
import { assertNever } from '../shared/assert-never.ts';
import { PatientNotFound, StalePatient } from './errors.ts';

// ── State ─────────────────────────────────────────────────────────────────────────

export interface ProcedureState {
  readonly id: string;
  readonly procedureType: ProcedureType;
  readonly status: ProcedureStatus;
  readonly scheduledDate: string | null;
  readonly completedDate: string | null;
  readonly location: string | null;
  readonly professionalName: string | null;
  readonly notes: string | null;
}

export interface RegisteredPatient {
  readonly kind: 'Registered';
  /** 0-based revision of the stream's last event: the `version` clients send back. */
  readonly revision: number;
  readonly id: string;
  readonly details: PatientDetails;
  /** In the order they were assigned. */
  readonly procedures: ReadonlyMap<string, ProcedureState>;
}

export type PatientState =
  | { readonly kind: 'Unregistered'; readonly revision: number }
  | RegisteredPatient
  | { readonly kind: 'Deleted'; readonly revision: number; readonly id: string };

export const initialPatientState = (): PatientState => ({ kind: 'Unregistered', revision: -1 });

// ── Evolve ────────────────────────────────────────────────────────────────────────

/** The procedures map a fold owns and changes in place: never one a state already returned holds. */
type WorkingProcedures = Map<string, ProcedureState>;

function changeProcedure(
  procedures: WorkingProcedures,
  procedureId: string,
  change: (procedure: ProcedureState) => ProcedureState,
): void {
  const procedure = procedures.get(procedureId);
  if (procedure) procedures.set(procedureId, change(procedure));
}

/** What an assignment event says of each procedure it adds. */
interface AssignedProcedure {
  readonly procedureId: string;
  readonly procedureType: ProcedureType;
  readonly scheduledDate: string | null;
}

/** Adds these procedures, pending. */
function addPending(procedures: WorkingProcedures, assigned: readonly AssignedProcedure[]): void {
  for (const { procedureId, procedureType, scheduledDate } of assigned) {
    procedures.set(procedureId, {
      id: procedureId,
      procedureType,
      status: 'pending',
      scheduledDate,
      completedDate: null,
      location: null,
      professionalName: null,
      notes: null,
    });
  }
}

/**
 * One event of a registered patient: its procedures change in `procedures`, the rest of the
 * state comes back (its `procedures` and `revision` are the caller's to set).
 */
function applyToRegistered(
  state: RegisteredPatient,
  procedures: WorkingProcedures,
  event: PatientEvent,
): PatientState {
  switch (event.type) {
    case 'PatientRegistered':
      return state;
    case 'PatientUpdated': {
      const changes = Object.fromEntries(
        Object.entries(event.data.changes).filter(([, value]) => value !== undefined),
      );
      return { ...state, details: { ...state.details, ...changes } };
    }
    case 'PatientDeleted':
      return { kind: 'Deleted', revision: state.revision, id: state.id };
    // The old shape (one event per procedure) and the coarse one fold to the same state.
    case 'ProcedureAssigned':
      addPending(procedures, [event.data]);
      return state;
    case 'RequiredProceduresAssigned':
      addPending(procedures, event.data.procedures);
      return state;
    case 'LegacyProcedureImported': {
      const { procedureId, patientId: _patientId, ...record } = event.data;
      procedures.set(procedureId, { id: procedureId, ...record });
      return state;
    }
    case 'ProcedureCompleted':
    case 'ProcedureCompletionChanged': {
      const { completedDate, location, professionalName, notes } = event.data;
      changeProcedure(procedures, event.data.procedureId, (procedure) => ({
        ...procedure,
        status: 'completed',
        completedDate,
        location,
        professionalName,
        notes,
      }));
      return state;
    }
    case 'ProcedureReopened':
      changeProcedure(procedures, event.data.procedureId, (procedure) => ({
        ...procedure,
        status: 'pending',
        completedDate: null,
      }));
      return state;
    case 'ProcedureRescheduled':
      changeProcedure(procedures, event.data.procedureId, (procedure) => ({
        ...procedure,
        scheduledDate: event.data.scheduledDate,
      }));
      return state;
    case 'ProcedureRemoved':
      procedures.delete(event.data.procedureId);
      return state;
    default:
      return assertNever(event);
  }
}

/**
 * Folds events of `patient-<id>` onto `state`. Every event, whatever it does, advances the
 * revision. The procedures are copied once for the whole run, not once per event (a stream
 * of 27 events folded in 141 µs with a copy per event), and `state` is left as it was.
 */
export function foldPatient(state: PatientState, events: readonly PatientEvent[]): PatientState {
  let current = state;
  let procedures: WorkingProcedures | undefined;
  for (const event of events) {
    const revision = current.revision + 1;
    if (current.kind === 'Registered') {
      procedures ??= new Map(current.procedures);
      const next = applyToRegistered(current, procedures, event);
      current = next.kind === 'Registered' ? { ...next, procedures, revision } : { ...next, revision };
    } else if (current.kind === 'Unregistered' && event.type === 'PatientRegistered') {
      const { patientId, ...details } = event.data;
      procedures = new Map();
      current = { kind: 'Registered', revision, id: patientId, details, procedures };
    } else {
      // Nothing follows a deletion, and nothing precedes a registration; keep counting regardless.
      current = { ...current, revision };
    }
  }
  return current;
}

/** Folds one event of `patient-<id>`. */
export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  return foldPatient(state, [event]);
}

// ── Guards and queries shared by the command functions ───────────────────────────

/** The registered patient, or PatientNotFound (never registered, or deleted). */
export function requireRegistered(state: PatientState, patientId: string): RegisteredPatient {
  if (state.kind !== 'Registered') throw new PatientNotFound(patientId);
  return state;
}

/** StalePatient when the client saw another revision than the current one. */
export function requireRevision(state: RegisteredPatient, expectedRevision: number | undefined): void {
  if (expectedRevision !== undefined && expectedRevision !== state.revision) {
    throw new StalePatient(state.id, expectedRevision, state.revision);
  }
}

export function proceduresOf(state: RegisteredPatient): ProcedureState[] {
  return [...state.procedures.values()];
}

export function baseDateOf(state: RegisteredPatient): string {
  return scheduleBaseDate(state.details);
}

/** Takes procedure ids from the pool the command brought, in order; running out is a caller bug. */
export function idSupply(ids: readonly string[]): () => string {
  let next = 0;
  return () => {
    const id = ids[next];
    if (id === undefined) throw new Error('The command brought too few new procedure ids');
    next += 1;
    return id;
  };
}
