import {
  PatientDetailsSchema,
  foldText,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import type { RowOf } from '../shared/columns.ts';
import type { PATIENT_COLUMNS, PROCEDURE_COLUMNS } from './columns.ts';

/*
 * The patients read model as a pure fold: rows in, events applied in memory, rows out. The
 * projection loads the rows a batch touches, folds the batch here and writes back what
 * changed; counters (per patient and for the statistics) come from comparing each touched
 * procedure before and after the batch, so they cannot drift from the rows. Each procedure
 * also says where it is stored (`listed`, `hasRow`; see `procedure-sources.ts`).
 */

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

export type PatientRow = Mutable<RowOf<typeof PATIENT_COLUMNS>> & {
  id: string;
  version: number;
  registeredAt: string;
  name: string;
  totalProcedures: number;
  completedProcedures: number;
  requiredProcedures: number;
  completedRequiredProcedures: number;
  assignedProcedures: number;
};

export type ProcedureRow = Mutable<RowOf<typeof PROCEDURE_COLUMNS>> & {
  id: string;
  patientId: string;
  procedureTypeId: string;
  typeIsRequired: boolean;
  status: 'pending' | 'completed';
  scheduledDate: string | null;
  ordinal: number;
  /*
   * Where the procedure is stored (not columns). A bulk assignment's procedures are listed in
   * their patient's `patient_procedure_lists` row, as assigned; the first change gives one a
   * row of its own in `patient_procedures`, whose values then override the listing. The
   * others (assigned alone) have only a row.
   */
  /** An element of its patient's list. */
  listed: boolean;
  /** Has a row of its own, which holds its values. */
  hasRow: boolean;
};

/** A patient event with what the fold needs of its recording. */
export interface FoldEvent {
  readonly event: PatientEvent;
  /** Its stream revision: the patient's `version` after it. */
  readonly revision: number;
  /** When its command was decided (metadata, ISO instant): a registration's `registeredAt`. */
  readonly recordedAt: string;
}

/** Rows as the fold leaves them; `null` = deleted. Insertion order = first touch. */
export interface WorkingSet {
  readonly patients: Map<string, PatientRow | null>;
  readonly procedures: Map<string, ProcedureRow | null>;
  /** The types the lists name (`patient_procedure_types`), as known before and during the batch. */
  readonly types: Map<string, ProcedureType>;
}

/** What a batch needs loaded before it folds: the rows it changes that it does not create. */
export interface RowsToLoad {
  readonly patientIds: string[];
  /** Procedures changed (each may have a row, be listed, or both). */
  readonly procedureIds: string[];
  /** Their patients, whose lists are searched for them. */
  readonly patientsOfProcedures: string[];
  /** Patients deleted by the batch: all their procedures leave too. */
  readonly proceduresOfPatients: string[];
  /** Types a bulk assignment names: a procedure is listed only if its copy is the known one. */
  readonly typeIds: string[];
}

export function rowsToLoad(events: readonly FoldEvent[]): RowsToLoad {
  const registered = new Set<string>();
  const assigned = new Set<string>();
  const patients = new Set<string>();
  const procedures = new Set<string>();
  const deleted = new Set<string>();
  const patientsOfProcedures = new Set<string>();
  const typeIds = new Set<string>();
  for (const { event } of events) {
    const patientId = event.data.patientId;
    const earlier = !registered.has(patientId);
    switch (event.type) {
      case 'PatientRegistered':
        registered.add(patientId);
        break;
      case 'ProcedureAssigned':
      case 'LegacyProcedureImported':
        assigned.add(event.data.procedureId);
        break;
      case 'RequiredProceduresAssigned':
        for (const procedure of event.data.procedures) {
          assigned.add(procedure.procedureId);
          typeIds.add(procedure.procedureType.id);
        }
        break;
      case 'ProcedureCompleted':
      case 'ProcedureCompletionChanged':
      case 'ProcedureReopened':
      case 'ProcedureRescheduled':
      case 'ProcedureRemoved':
        if (!assigned.has(event.data.procedureId)) {
          procedures.add(event.data.procedureId);
          patientsOfProcedures.add(patientId);
        }
        break;
      case 'PatientDeleted':
        if (earlier) deleted.add(patientId);
        break;
      case 'PatientUpdated':
        break;
    }
    if (earlier) patients.add(patientId);
  }
  return {
    patientIds: [...patients],
    procedureIds: [...procedures],
    patientsOfProcedures: [...patientsOfProcedures],
    proceduresOfPatients: [...deleted],
    typeIds: [...typeIds],
  };
}

/** The patient fields stored in a column of the same name: all but the municipality (three columns). */
const PLAIN_FIELDS = (Object.keys(PatientDetailsSchema.shape) as (keyof PatientDetails)[]).filter(
  (field) => field !== 'municipality',
);

function detailColumns(details: Partial<PatientDetails>): Partial<PatientRow> {
  const row: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) if (details[field] !== undefined) row[field] = details[field];
  if (details.name !== undefined) row.searchName = foldText(details.name);
  if (details.municipality !== undefined) {
    row.municipalityIbgeCode = details.municipality.ibgeCode;
    row.municipalityName = details.municipality.name;
    row.municipalityUf = details.municipality.uf;
    row.searchMunicipality = foldText(details.municipality.name);
  }
  return row as Partial<PatientRow>;
}

function newProcedure(
  patientId: string,
  procedureId: string,
  type: ProcedureType,
  values: Pick<ProcedureRow, 'status' | 'scheduledDate' | 'ordinal'> &
    Partial<
      Pick<ProcedureRow, 'completedDate' | 'location' | 'professionalName' | 'notes' | 'listed' | 'hasRow'>
    >,
): ProcedureRow {
  return {
    id: procedureId,
    patientId,
    procedureTypeId: type.id,
    typeName: type.name,
    typeCategory: type.category,
    typePhase: type.phase,
    typeIsRequired: type.isRequired,
    typeScheduledMonth: type.scheduledMonth,
    completedDate: null,
    location: null,
    professionalName: null,
    notes: null,
    listed: false,
    hasRow: true,
    ...values,
  };
}

/** The next `count` ordinals of the patient's procedures (its count moves past them). */
function reserveOrdinals(rows: WorkingSet, patientId: string, count: number): number {
  const patient = rows.patients.get(patientId);
  if (!patient) return 0;
  rows.patients.set(patientId, { ...patient, assignedProcedures: patient.assignedProcedures + count });
  return patient.assignedProcedures;
}

const sameType = (a: ProcedureType, b: ProcedureType): boolean =>
  a === b ||
  (a.id === b.id &&
    a.name === b.name &&
    a.category === b.category &&
    a.phase === b.phase &&
    a.isRequired === b.isRequired &&
    a.scheduledMonth === b.scheduledMonth);

/**
 * Whether a bulk-assigned procedure of this type may be listed: its type is the one the lists
 * know by that id (the first copy seen becomes it). Types never change; a copy that differs
 * all the same gets the procedure a row of its own, which keeps it.
 */
function listable(rows: WorkingSet, type: ProcedureType): boolean {
  const known = rows.types.get(type.id);
  if (known) return sameType(known, type);
  rows.types.set(type.id, type);
  return true;
}

/** Applies the events to the working set, in order. Pure but for mutating `rows`. */
export function foldPatientEvents(rows: WorkingSet, events: readonly FoldEvent[]): void {
  for (const recorded of events) foldOne(rows, recorded);
}

/** Where a bulk-assigned procedure of a known type is stored until an event changes it. */
const LISTED = { listed: true, hasRow: false } as const;

// Functions of their own, not closures made per event: under tsx each named closure is also
// renamed as it is made (`__name`, about 0.25 µs), on every one of a rebuild's events.
/** A change gives a listed procedure a row of its own, which overrides its listing for good. */
function changeProcedure(rows: WorkingSet, procedureId: string, change: Partial<ProcedureRow>): void {
  const procedure = rows.procedures.get(procedureId);
  if (procedure) rows.procedures.set(procedureId, { ...procedure, ...change, hasRow: true });
}

function addProcedure(rows: WorkingSet, procedure: ProcedureRow): void {
  rows.procedures.set(procedure.id, procedure);
}

function foldOne(rows: WorkingSet, { event, revision, recordedAt }: FoldEvent): void {
  const patientId = event.data.patientId;
  switch (event.type) {
    case 'PatientRegistered': {
      const { patientId: _id, ...details } = event.data;
      rows.patients.set(patientId, {
        ...(detailColumns(details) as PatientRow),
        id: patientId,
        version: revision,
        registeredAt: recordedAt,
        totalProcedures: 0,
        completedProcedures: 0,
        requiredProcedures: 0,
        completedRequiredProcedures: 0,
        assignedProcedures: 0,
      });
      return;
    }
    case 'PatientDeleted':
      rows.patients.set(patientId, null);
      for (const [id, procedure] of rows.procedures) {
        if (procedure?.patientId === patientId) rows.procedures.set(id, null);
      }
      return;
    case 'PatientUpdated': {
      const patient = rows.patients.get(patientId);
      if (patient) rows.patients.set(patientId, { ...patient, ...detailColumns(event.data.changes) });
      break;
    }
    case 'ProcedureAssigned':
      addProcedure(
        rows,
        newProcedure(patientId, event.data.procedureId, event.data.procedureType, {
          status: 'pending',
          scheduledDate: event.data.scheduledDate,
          ordinal: reserveOrdinals(rows, patientId, 1),
        }),
      );
      break;
    case 'RequiredProceduresAssigned': {
      let ordinal = reserveOrdinals(rows, patientId, event.data.procedures.length);
      for (const procedure of event.data.procedures) {
        addProcedure(
          rows,
          newProcedure(patientId, procedure.procedureId, procedure.procedureType, {
            status: 'pending',
            scheduledDate: procedure.scheduledDate,
            ordinal: ordinal++,
            ...(listable(rows, procedure.procedureType) ? LISTED : {}),
          }),
        );
      }
      break;
    }
    case 'LegacyProcedureImported': {
      const { procedureId, procedureType, status, scheduledDate, ...details } = event.data;
      addProcedure(
        rows,
        newProcedure(patientId, procedureId, procedureType, {
          status,
          scheduledDate,
          ...details,
          ordinal: reserveOrdinals(rows, patientId, 1),
        }),
      );
      break;
    }
    case 'ProcedureCompleted':
    case 'ProcedureCompletionChanged': {
      const { completedDate, location, professionalName, notes } = event.data;
      changeProcedure(rows, event.data.procedureId, {
        status: 'completed',
        completedDate,
        location,
        professionalName,
        notes,
      });
      break;
    }
    case 'ProcedureReopened':
      changeProcedure(rows, event.data.procedureId, { status: 'pending', completedDate: null });
      break;
    case 'ProcedureRescheduled':
      changeProcedure(rows, event.data.procedureId, { scheduledDate: event.data.scheduledDate });
      break;
    case 'ProcedureRemoved':
      if (rows.procedures.has(event.data.procedureId)) rows.procedures.set(event.data.procedureId, null);
      break;
    default: {
      const unexpected: never = event;
      throw new Error(`Unhandled patient event ${(unexpected as { type: string }).type}`);
    }
  }
  // Every event of the stream but a deletion leaves the patient at its revision.
  const patient = rows.patients.get(patientId);
  if (patient) rows.patients.set(patientId, { ...patient, version: revision });
}

/** What one procedure row adds to the counters. */
interface Contribution {
  readonly total: number;
  readonly completed: number;
  readonly required: number;
  readonly completedRequired: number;
  readonly pending: number;
  /** Its scheduled date while pending (the overdue count reads pending procedures by date). */
  readonly pendingOn: string | null;
}

function contribution(procedure: ProcedureRow | null | undefined): Contribution | undefined {
  if (!procedure) return undefined;
  const completed = procedure.status === 'completed' ? 1 : 0;
  const required = procedure.typeIsRequired ? 1 : 0;
  return {
    total: 1,
    completed,
    required,
    completedRequired: completed * required,
    pending: 1 - completed,
    pendingOn: completed ? null : procedure.scheduledDate,
  };
}

/** Changes to the statistics counters: totals and pending procedures per scheduled date. */
export interface StatisticsDelta {
  patients: number;
  completedProcedures: number;
  pendingProcedures: number;
  readonly pendingByDate: Map<string, number>;
}

/** Procedures a batch lists for a patient, as `patient_procedure_lists` stores them. */
export interface ProcedureListRow {
  readonly patientId: string;
  readonly procedureIds: string[];
  readonly typeIds: string[];
  readonly scheduledDates: (string | null)[];
  readonly ordinals: number[];
}

export interface BatchChanges {
  /** Rows to write (inserted or replaced), in first-touch order. */
  readonly patients: PatientRow[];
  /** Procedures' own rows to write. */
  readonly procedures: ProcedureRow[];
  readonly deletedPatientIds: string[];
  /** Procedures' own rows to delete. */
  readonly deletedProcedureIds: string[];
  /** Procedures to add to their patients' lists (after what the lists hold: later ordinals). */
  readonly listed: ProcedureListRow[];
  /** Procedures to take out of their patients' lists (patients deleted aside: their list goes). */
  readonly unlisted: { readonly patientIds: string[]; readonly procedureIds: string[] };
  /** Types first named by this batch's lists. */
  readonly types: ProcedureType[];
  readonly statistics: StatisticsDelta;
}

/** Whether the procedure had a row of its own when loaded (so writing it replaces that row). */
export const hadOwnRow = (loaded: WorkingSet, procedureId: string): boolean =>
  loaded.procedures.get(procedureId)?.hasRow === true;

/** The procedures a batch lists, grouped by patient, each patient's in ordinal order. */
function listRows(procedures: readonly ProcedureRow[]): ProcedureListRow[] {
  const byPatient = new Map<string, ProcedureRow[]>();
  for (const procedure of procedures) {
    const list = byPatient.get(procedure.patientId);
    if (list) list.push(procedure);
    else byPatient.set(procedure.patientId, [procedure]);
  }
  return [...byPatient].map(([patientId, list]) => {
    list.sort((a, b) => a.ordinal - b.ordinal);
    return {
      patientId,
      procedureIds: list.map((procedure) => procedure.id),
      typeIds: list.map((procedure) => procedure.procedureTypeId),
      scheduledDates: list.map((procedure) => procedure.scheduledDate),
      ordinals: list.map((procedure) => procedure.ordinal),
    };
  });
}

/**
 * Compares the rows as loaded with the rows as folded: the writes to make, each touched
 * patient's counters recounted from its procedures' changes, and the statistics' changes.
 */
export function batchChanges(loaded: WorkingSet, folded: WorkingSet): BatchChanges {
  const statistics: StatisticsDelta = {
    patients: 0,
    completedProcedures: 0,
    pendingProcedures: 0,
    pendingByDate: new Map(),
  };
  const counterChanges = new Map<string, Mutable<Omit<Contribution, 'pending' | 'pendingOn'>>>();
  const procedures: ProcedureRow[] = [];
  const deletedProcedureIds: string[] = [];
  const newlyListed: ProcedureRow[] = [];
  const unlisted: ProcedureRow[] = [];
  const addPending = (date: string | null, change: number): void => {
    if (date !== null) statistics.pendingByDate.set(date, (statistics.pendingByDate.get(date) ?? 0) + change);
  };
  for (const [id, after] of folded.procedures) {
    const beforeRow = loaded.procedures.get(id);
    // Unchanged, or created and removed within the batch.
    if (after === beforeRow || (!after && !beforeRow)) continue;
    if (after?.hasRow) procedures.push(after);
    else if (!after && beforeRow?.hasRow) deletedProcedureIds.push(id);
    if (after?.listed && !beforeRow) newlyListed.push(after);
    else if (!after && beforeRow?.listed) unlisted.push(beforeRow);
    const before = contribution(beforeRow);
    const now = contribution(after);
    const patientId = (after ?? beforeRow)!.patientId;
    const counters = counterChanges.get(patientId) ?? {
      total: 0,
      completed: 0,
      required: 0,
      completedRequired: 0,
    };
    for (const key of ['total', 'completed', 'required', 'completedRequired'] as const) {
      counters[key] += (now?.[key] ?? 0) - (before?.[key] ?? 0);
    }
    counterChanges.set(patientId, counters);
    statistics.completedProcedures += (now?.completed ?? 0) - (before?.completed ?? 0);
    statistics.pendingProcedures += (now?.pending ?? 0) - (before?.pending ?? 0);
    addPending(before?.pendingOn ?? null, -1);
    addPending(now?.pendingOn ?? null, 1);
  }
  const patients: PatientRow[] = [];
  const deletedPatientIds: string[] = [];
  for (const [id, after] of folded.patients) {
    const before = loaded.patients.get(id);
    statistics.patients += (after ? 1 : 0) - (before ? 1 : 0);
    if (!after) {
      if (before) deletedPatientIds.push(id);
      continue;
    }
    const counters = counterChanges.get(id);
    if (after === before && !counters) continue;
    patients.push(
      counters
        ? {
            ...after,
            totalProcedures: after.totalProcedures + counters.total,
            completedProcedures: after.completedProcedures + counters.completed,
            requiredProcedures: after.requiredProcedures + counters.required,
            completedRequiredProcedures: after.completedRequiredProcedures + counters.completedRequired,
          }
        : after,
    );
  }
  for (const [date, change] of statistics.pendingByDate)
    if (change === 0) statistics.pendingByDate.delete(date);
  // A deleted patient's list goes whole.
  const deleted = new Set(deletedPatientIds);
  const stillListed = unlisted.filter((procedure) => !deleted.has(procedure.patientId));
  const types = [...folded.types.values()].filter((type) => !loaded.types.has(type.id));
  return {
    patients,
    procedures,
    deletedPatientIds,
    deletedProcedureIds,
    listed: listRows(newlyListed),
    unlisted: {
      patientIds: [...new Set(stillListed.map((procedure) => procedure.patientId))],
      procedureIds: stillListed.map((procedure) => procedure.id),
    },
    types,
    statistics,
  };
}
