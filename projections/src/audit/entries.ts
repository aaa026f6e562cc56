import {
  PatientEventSchema,
  MaintenanceRan,
  ProcedureTypeDefined,
  RecordAccessed,
  IdentityEventSchema,
  auditValue,
  fieldChanges,
  foldText,
  patientEventAction,
  type AuditAction,
  type AuditDetails,
  type AuditEntityType,
  type IdentityEvent,
  type PatientEvent,
} from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';
import {
  AssignedProcedures,
  assignedEntityId,
  assignedProcedure,
  fieldsOf,
  type Entities,
  type EntityRow,
} from './entities.ts';
import { parsePatientEvent } from '../shared/patient-event.ts';

/*
 * The audit entry of each event (pure): action, entity, details. Names and old values come
 * from the projection's own lookup (`Entities`), which the same fold keeps up to date.
 */

/** One row of `audit_log` (without `seq`, which the database numbers in insertion order). */
export interface AuditRow {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly userId: string | null;
  readonly userEmail: string | null;
  readonly action: AuditAction;
  readonly entityType: AuditEntityType;
  readonly entityId: string | null;
  readonly entityName: string | null;
  readonly ipAddress: string | null;
  readonly details: AuditDetails | null;
  /** The folded names a search finds the row by (`searchTerms`). */
  readonly searchTerms: readonly string[];
}

interface Entry {
  readonly action: AuditAction;
  readonly entityType: AuditEntityType;
  readonly entityId: string | null;
  readonly entityName: string | null;
  readonly details: AuditDetails | null;
  /** Extra text the search matches (a procedure's patient name). */
  readonly searchAlso?: string | null;
}

/** Identity events that are consistency mechanisms, not actions: their user event is audited. */
const UNAUDITED_IDENTITY = new Set([
  'EmailReserved',
  'EmailReleased',
  'AdministratorAppointed',
  'AdministratorRemoved',
  'AdministratorKeyWithdrawn',
]);

/** The event types the audit projection handles. */
export const AUDITED_EVENT_TYPES: readonly string[] = [
  ...PatientEventSchema.options.map((option) => option.shape.type.value),
  ProcedureTypeDefined.type,
  RecordAccessed.type,
  MaintenanceRan.type,
  ...IdentityEventSchema.options
    .map((option) => option.shape.type.value as string)
    .filter((type) => !UNAUDITED_IDENTITY.has(type)),
];
const PATIENT_TYPES = new Set<string>(PatientEventSchema.options.map((option) => option.shape.type.value));

const values = (record: Record<string, unknown>): Record<string, string | null> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, auditValue(value)]));

const PROCEDURE_FIELDS = [
  'status',
  'scheduledDate',
  'completedDate',
  'location',
  'professionalName',
  'notes',
] as const;

function setEntity(entities: Entities, row: EntityRow): void {
  entities.set(row.id, row);
}

/** A procedure's lookup row: its own, or as its patient's bulk assignment listed it. */
function procedureEntity(entities: Entities, procedureId: string, patientId: string): EntityRow | undefined {
  const own = entities.get(procedureId);
  if (own) return own;
  const assigned = entities.get(assignedEntityId(patientId));
  const listed = assigned && assignedProcedure(assigned.state, procedureId);
  if (!listed) return undefined;
  const [name, scheduledDate] = listed;
  return { id: procedureId, name, parentId: patientId, state: { status: 'pending', scheduledDate } };
}

/** What an entry about one of a patient's procedures needs to know of the event. */
interface ProcedureEvent {
  readonly action: AuditAction;
  readonly patientId: string;
  readonly patientName: string | null;
}

/**
 * An entry about one procedure, its lookup row moved to `after`. A function of its own, not a
 * closure made per event: under tsx every named closure is also renamed as it is made
 * (`__name`, about 0.25 µs). With its details built field by field, the entries of 191,299
 * events took 1.47 s instead of 1.70 s.
 */
function procedureEntry(
  entities: Entities,
  { action, patientId, patientName }: ProcedureEvent,
  procedureId: string,
  after: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Entry {
  const known = procedureEntity(entities, procedureId, patientId);
  const before = fieldsOf(known);
  setEntity(entities, {
    id: procedureId,
    name: known?.name ?? '',
    parentId: patientId,
    state: { ...before, ...after },
  });
  const changes = fieldChanges(
    before,
    after,
    PROCEDURE_FIELDS.filter((field) => field in after),
  );
  const details: AuditDetails = {};
  if (action === 'UPDATE_PROCEDURE') details.updatedFields = changes.map((change) => change.field);
  if (typeof after.status === 'string') details.status = after.status;
  details.changes = changes;
  details.patientId = patientId;
  details.patientName = patientName;
  if (extra && Object.keys(extra).length > 0) details.values = values(extra);
  return {
    action,
    entityType: 'procedure',
    entityId: procedureId,
    entityName: known?.name || null,
    searchAlso: patientName,
    details,
  };
}

function patientEntry(event: PatientEvent, entities: Entities): Entry {
  const action = patientEventAction(event);
  const patientId = event.data.patientId;
  const patient = entities.get(patientId);
  const patientName = patient?.name ?? null;
  const ofPatient = { entityType: 'patient' as const, entityId: patientId };
  const about: ProcedureEvent = { action, patientId, patientName };

  switch (event.type) {
    case 'PatientRegistered': {
      const { patientId: _id, ...details } = event.data;
      setEntity(entities, { id: patientId, name: details.name, parentId: null, state: details });
      return { action, ...ofPatient, entityName: details.name, details: null };
    }
    case 'PatientUpdated': {
      const before = fieldsOf(patient);
      const changes = fieldChanges(before, event.data.changes);
      const name = event.data.changes.name ?? patientName ?? '';
      setEntity(entities, {
        id: patientId,
        name,
        parentId: null,
        state: { ...before, ...event.data.changes },
      });
      return {
        action,
        ...ofPatient,
        entityName: name || null,
        details: { updatedFields: Object.keys(event.data.changes), changes },
      };
    }
    case 'PatientDeleted': {
      // Why, as typed (free text, never a code: not `reason`, whose values the screen translates);
      // a deletion written before reasons were asked has no details, as before.
      const { reason } = event.data;
      const details = reason === undefined ? null : { values: { deletionReason: reason } };
      return { action, ...ofPatient, entityName: event.data.name, details };
    }
    case 'ProcedureAssigned': {
      const { procedureId, procedureType, scheduledDate, reason } = event.data;
      setEntity(entities, { id: procedureId, name: procedureType.name, parentId: patientId, state: {} });
      return procedureEntry(
        entities,
        about,
        procedureId,
        { status: 'pending', scheduledDate },
        { reason, procedureTypeId: procedureType.id },
      );
    }
    case 'RequiredProceduresAssigned': {
      const listId = assignedEntityId(patientId);
      const listed = new AssignedProcedures(entities.get(listId)?.state);
      for (const { procedureId, procedureType, scheduledDate } of event.data.procedures) {
        listed.set(procedureId, [procedureType.name, scheduledDate]);
      }
      setEntity(entities, { id: listId, name: '', parentId: patientId, state: listed });
      return {
        action,
        ...ofPatient,
        entityName: patientName,
        details: {
          status: 'pending',
          values: { reason: event.data.reason, count: String(event.data.procedures.length) },
        },
      };
    }
    case 'LegacyProcedureImported': {
      const { procedureId, procedureType, patientId: _id, ...record } = event.data;
      setEntity(entities, { id: procedureId, name: procedureType.name, parentId: patientId, state: {} });
      return procedureEntry(entities, about, procedureId, {
        status: record.status,
        scheduledDate: record.scheduledDate,
        completedDate: record.completedDate,
        location: record.location,
        professionalName: record.professionalName,
        notes: record.notes,
      });
    }
    case 'ProcedureCompleted':
    case 'ProcedureCompletionChanged': {
      const { procedureId, patientId: _id, ...completion } = event.data;
      return procedureEntry(entities, about, procedureId, { status: 'completed', ...completion });
    }
    case 'ProcedureReopened':
      return procedureEntry(
        entities,
        about,
        event.data.procedureId,
        { status: 'pending', completedDate: null },
        { reason: event.data.reason },
      );
    case 'ProcedureRescheduled':
      return procedureEntry(
        entities,
        about,
        event.data.procedureId,
        { scheduledDate: event.data.scheduledDate },
        { reason: event.data.reason },
      );
    case 'ProcedureRemoved':
      return procedureEntry(entities, about, event.data.procedureId, {}, { reason: event.data.reason });
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled patient event ${JSON.stringify(unhandled)}`);
    }
  }
}

function identityEntry(event: IdentityEvent, entities: Entities): Entry | null {
  const user = (
    action: AuditAction,
    userId: string | null,
    email: string,
    details: AuditDetails | null,
  ): Entry => ({
    action,
    entityType: 'user',
    entityId: userId,
    entityName: email,
    details,
  });
  switch (event.type) {
    case 'UserRegistered': {
      const { source, userId, email, status, isAdmin, firstName, lastName } = event.data;
      return user(source === 'access_key_invitation' ? 'REQUEST_ACCESS' : 'CREATE_USER', userId, email, {
        status,
        values: values({ source, isAdmin, firstName, lastName }),
      });
    }
    case 'UserStatusChanged': {
      const { userId, email, from, to } = event.data;
      return user(to === 'approved' ? 'APPROVE_USER' : 'REJECT_USER', userId, email, {
        status: to,
        changes: [{ field: 'userStatus', from, to }],
      });
    }
    case 'UserDeleted':
      return user('DELETE_USER', event.data.userId, event.data.email, null);
    case 'UserLoggedOut':
      return user('LOGOUT', event.data.userId, event.data.email, null);
    case 'UserLoggedIn': {
      const key = entities.get(event.data.keyId);
      return user('LOGIN', event.data.userId, event.data.email, {
        values: values({ accessKey: key?.name ?? event.data.keyId, approved: event.data.approved }),
      });
    }
    case 'LoginFailed':
      return user('LOGIN_FAILED', null, event.data.email, { values: values({ reason: event.data.reason }) });
    case 'AccessKeyIssued': {
      const { keyId, description, keyPrefix, expiresAt, boundUserId } = event.data;
      setEntity(entities, { id: keyId, name: description, parentId: boundUserId, state: {} });
      return {
        action: 'CREATE_ACCESS_KEY',
        entityType: 'access_key',
        entityId: keyId,
        entityName: description,
        details: { values: values({ keyPrefix, expiresAt, boundUserId }) },
      };
    }
    case 'AccessKeyBound':
    case 'AccessKeyDeactivated': {
      const key = entities.get(event.data.keyId);
      const extra =
        event.type === 'AccessKeyBound' ? { userId: event.data.userId } : { reason: event.data.reason };
      return {
        action: event.type === 'AccessKeyBound' ? 'BIND_ACCESS_KEY' : 'DEACTIVATE_ACCESS_KEY',
        entityType: 'access_key',
        entityId: event.data.keyId,
        entityName: key?.name ?? null,
        details: { values: values(extra) },
      };
    }
    case 'SystemInitialized':
      return {
        action: event.data.forced ? 'FORCE_INITIALIZE_SYSTEM' : 'INITIALIZE_SYSTEM',
        entityType: 'system',
        entityId: null,
        entityName: null,
        details: { values: { accounts: event.data.accounts.map((account) => account.email).join(', ') } },
      };
    default:
      return null;
  }
}

function entryOf(recorded: RecordedEvent, entities: Entities): Entry | null {
  const input = { type: recorded.type, data: recorded.data };
  if (PATIENT_TYPES.has(recorded.type)) return patientEntry(parsePatientEvent(recorded), entities);
  if (recorded.type === ProcedureTypeDefined.type) {
    const { data } = ProcedureTypeDefined.schema.parse(input);
    return {
      action: 'CREATE_PROCEDURE_TYPE',
      entityType: 'procedure',
      entityId: data.id,
      entityName: data.name,
      details: {
        values: values({
          category: data.category,
          phase: data.phase,
          isRequired: data.isRequired,
          source: data.source,
        }),
      },
    };
  }
  if (recorded.type === RecordAccessed.type) {
    const { data } = RecordAccessed.schema.parse(input);
    const patientName = data.patientId ? (entities.get(data.patientId)?.name ?? null) : null;
    const searched = data.action === 'SEARCH_PATIENTS' ? (data.parameters.search ?? null) : null;
    return {
      action: data.action,
      entityType:
        data.patientId || searched !== null || data.action === 'LIST_PATIENTS' ? 'patient' : 'system',
      entityId: data.patientId,
      entityName: patientName,
      // Who looked a name or a CPF up is found by searching the log for it.
      searchAlso: searched,
      details: Object.keys(data.parameters).length > 0 ? { values: data.parameters } : null,
    };
  }
  if (recorded.type === MaintenanceRan.type) {
    const { data } = MaintenanceRan.schema.parse(input);
    return {
      action: data.operation === 'run_migration' ? 'RUN_MIGRATION' : 'FIX_PRODUCTION_DATA',
      entityType: 'system',
      entityId: null,
      entityName: null,
      details: {
        values: values({
          patients: data.patients,
          changes: data.changes,
          // Recorded only when some were (absent from runs before it was counted).
          ...(data.skipped ? { skipped: data.skipped } : {}),
        }),
      },
    };
  }
  if (UNAUDITED_IDENTITY.has(recorded.type)) return null;
  return identityEntry(IdentityEventSchema.parse(input), entities);
}

/**
 * The folded names a search finds the row by, each a term of `audit_search_terms`: the
 * entity's name, a procedure's patient name or a looked-up text, and the actor's email on a row
 * that names no user id: at most three, as the log's check constraint and its three indexes of
 * them expect. The emails of users and the actions' labels are a few values repeated
 * on most rows: the search finds those through the user facets and the label catalogue
 * (`queries.ts`).
 */
function searchTerms(entry: Entry, metadata: RecordedEvent['metadata']): string[] {
  const terms: string[] = [];
  for (const part of [entry.entityName, entry.searchAlso, metadata.userId ? null : metadata.userEmail]) {
    const term = part ? asTerm(foldName(part)) : '';
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/**
 * Code points a term keeps: an index entry holds at most about 2,700 bytes, so four bytes a
 * code point must fit (names are at most 200 characters; a looked-up text is not bounded).
 * A longer text is found by what it starts with.
 */
export const SEARCH_TERM_MAX_LENGTH = 500;

const asTerm = (folded: string): string =>
  folded.length <= SEARCH_TERM_MAX_LENGTH ? folded : [...folded].slice(0, SEARCH_TERM_MAX_LENGTH).join('');

/**
 * `foldText` of a name, remembered: a patient's name is folded again for every change to each
 * of their procedures (Unicode normalisation, about 1 µs each time).
 */
function foldName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    if (foldedNames.size >= FOLDED_NAMES_KEPT) foldedNames.clear();
    folded = foldText(name);
    foldedNames.set(name, folded);
  }
  return folded;
}
const foldedNames = new Map<string, string>();
const FOLDED_NAMES_KEPT = 50_000;

/**
 * The audit rows of a batch, in log order, folding the entity lookup (`entities`, changed in
 * place) as it goes.
 */
export function auditRows(events: readonly RecordedEvent[], entities: Entities): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const recorded of events) {
    const entry = entryOf(recorded, entities);
    if (!entry) continue;
    const { metadata } = recorded;
    rows.push({
      eventId: recorded.id,
      occurredAt: metadata.timestamp,
      userId: metadata.userId,
      userEmail: metadata.userEmail,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityName: entry.entityName,
      ipAddress: metadata.clientIp,
      details: entry.details,
      searchTerms: searchTerms(entry, metadata),
    });
  }
  return rows;
}
