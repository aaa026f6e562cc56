import type { PatientDetails, ProcedureAsSeen, ProcedureType } from '@bari/contracts';

/*
 * Commands on a patient stream. Beside what the client sent they bring what only the server
 * knows, so that deciding stays pure: ids for new procedures, today's date (São Paulo), and
 * the procedure types as the `procedure-types` stream holds them now.
 */

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Data;
}

interface PatientContext {
  readonly patientId: string;
}

interface CatalogueContext {
  /** Every defined procedure type, in catalogue order (the `procedure-types` stream folded). */
  readonly procedureTypes: readonly ProcedureType[];
  /** Fresh UUIDs for the procedures the command may add: at least one per procedure type. */
  readonly newProcedureIds: readonly string[];
  /** `yyyy-MM-dd`, São Paulo (`clinicToday`). */
  readonly today: string;
}

/** The revision the client saw (`version` / If-Match): another one → StalePatient. */
interface Versioned {
  readonly expectedRevision?: number;
}

// ── Patient ────────────────────────────────────────────────────────────────────────

/** Registers the patient and assigns every required procedure type, pending. */
export type RegisterPatient = Command<
  'RegisterPatient',
  PatientContext & CatalogueContext & { readonly patient: PatientDetails }
>;

/** Changes some fields; a new surgery or admission date moves the pending post-operative dates. */
export type UpdatePatient = Command<
  'UpdatePatient',
  PatientContext & Versioned & { readonly changes: Partial<PatientDetails>; readonly today: string }
>;

/** Deletes the patient, saying why: `reason` is checked by the decider (`DeletionReasonSchema`). */
export type DeletePatient = Command<
  'DeletePatient',
  PatientContext & Versioned & { readonly reason: string }
>;

/** 'Atualizar Procedimentos': assigns each required type the patient lacks (after a catalogue change). */
export type AssignMissingRequiredProcedures = Command<
  'AssignMissingRequiredProcedures',
  PatientContext & CatalogueContext
>;

/** 'fix-production-data': corrects duplicates, dates that contradict the status, schedules out of line. */
export type FixProcedureData = Command<'FixProcedureData', PatientContext & { readonly today: string }>;

// ── Procedures ─────────────────────────────────────────────────────────────────────

/** The add-procedure dialog: a pending procedure of a type the patient does not have yet. */
export type AddProcedure = Command<
  'AddProcedure',
  PatientContext & {
    readonly procedureId: string;
    readonly procedureTypeId: string;
    readonly procedureTypes: readonly ProcedureType[];
    readonly today: string;
  }
>;

/**
 * The 'Registrar Procedimento' form: completes the patient's pending procedure of the type,
 * else adds the procedure already completed.
 */
export type RecordProcedure = Command<
  'RecordProcedure',
  PatientContext & {
    readonly procedureId: string;
    readonly procedureTypeId: string;
    readonly procedureTypes: readonly ProcedureType[];
    readonly completedDate: string;
    readonly location: string;
    readonly professionalName: string;
    readonly notes: string | null;
    /** `yyyy-MM-dd`, São Paulo (`clinicToday`): schedules, and a completion after it is refused. */
    readonly today: string;
  }
>;

/**
 * Ticks a procedure (pending → completed on `completedDate`), or corrects a completed one's
 * date or details. Details left undefined keep their value; null clears them.
 */
export type CompleteProcedure = Command<
  'CompleteProcedure',
  PatientContext & {
    readonly procedureId: string;
    readonly completedDate: string;
    readonly location?: string | null;
    readonly professionalName?: string | null;
    readonly notes?: string | null;
    /** `yyyy-MM-dd`, São Paulo (`clinicToday`): a completion after it is refused. */
    readonly today: string;
    /** The procedure as the client showed it, when it says: refused if it is no longer so. */
    readonly expected?: ProcedureAsSeen;
  }
>;

/**
 * Unticks a procedure: pending again, without a completion date; a post-operative one is
 * scheduled from the current surgery (or admission) date (`today` as in `scheduledDateFor`).
 */
export type ReopenProcedure = Command<
  'ReopenProcedure',
  PatientContext & {
    readonly procedureId: string;
    readonly today: string;
    readonly expected?: ProcedureAsSeen;
  }
>;

/** 'Mark all' on the lab exams: every pending pre-operative lab exam completed on `completedDate`. */
export type CompletePendingLabs = Command<
  'CompletePendingLabs',
  PatientContext & { readonly completedDate: string; readonly today: string }
>;

export type PatientCommand =
  | RegisterPatient
  | UpdatePatient
  | DeletePatient
  | AssignMissingRequiredProcedures
  | FixProcedureData
  | AddProcedure
  | RecordProcedure
  | CompleteProcedure
  | ReopenProcedure
  | CompletePendingLabs;
