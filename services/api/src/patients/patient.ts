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

function withProcedure(
  state: RegisteredPatient,
  procedureId: string,
  change: (procedure: ProcedureState) => ProcedureState,
): RegisteredPatient {
  const procedure = state.procedures.get(procedureId);
  if (!procedure) return state;
  const procedures = new Map(state.procedures);
  procedures.set(procedureId, change(procedure));
  return { ...state, procedures };
}

/** What an assignment event says of each procedure it adds. */
interface AssignedProcedure {
  readonly procedureId: string;
  readonly procedureType: ProcedureType;
  readonly scheduledDate: string | null;
}

/** The patient with these procedures added, pending. */
function withPending(state: RegisteredPatient, assigned: readonly AssignedProcedure[]): RegisteredPatient {
  const procedures = new Map(state.procedures);
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
  return { ...state, procedures };
}

function evolveRegistered(state: RegisteredPatient, event: PatientEvent): PatientState {
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
      return withPending(state, [event.data]);
    case 'RequiredProceduresAssigned':
      return withPending(state, event.data.procedures);
    case 'LegacyProcedureImported': {
      const { procedureId, patientId: _patientId, ...record } = event.data;
      const procedures = new Map(state.procedures);
      procedures.set(procedureId, { id: procedureId, ...record });
      return { ...state, procedures };
    }
    case 'ProcedureCompleted':
    case 'ProcedureCompletionChanged': {
      const { completedDate, location, professionalName, notes } = event.data;
      return withProcedure(state, event.data.procedureId, (procedure) => ({
        ...procedure,
        status: 'completed',
        completedDate,
        location,
        professionalName,
        notes,
      }));
    }
    case 'ProcedureReopened':
      return withProcedure(state, event.data.procedureId, (procedure) => ({
        ...procedure,
        status: 'pending',
        completedDate: null,
      }));
    case 'ProcedureRescheduled':
      return withProcedure(state, event.data.procedureId, (procedure) => ({
        ...procedure,
        scheduledDate: event.data.scheduledDate,
      }));
    case 'ProcedureRemoved': {
      const procedures = new Map(state.procedures);
      procedures.delete(event.data.procedureId);
      return { ...state, procedures };
    }
    default:
      return assertNever(event);
  }
}

/** Folds one event of `patient-<id>`. Every event, whatever it does, advances the revision. */
export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  const revision = state.revision + 1;
  if (state.kind === 'Registered') return { ...evolveRegistered(state, event), revision };
  if (state.kind === 'Unregistered' && event.type === 'PatientRegistered') {
    const { patientId, ...details } = event.data;
    return { kind: 'Registered', revision, id: patientId, details, procedures: new Map() };
  }
  // Nothing follows a deletion, and nothing precedes a registration; keep counting regardless.
  return { ...state, revision };
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
