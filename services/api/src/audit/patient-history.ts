import {
  PROCEDURE_FIELD_LABELS,
  fieldChanges,
  patientEventAction,
  type EventMetadata,
  type PatientEvent,
  type PatientHistoryEntryDto,
  type ProcedureHistoryChange,
} from '@bari/contracts';
import {
  evolvePatient,
  initialPatientState,
  type PatientState,
  type ProcedureState,
} from '../patients/patient.ts';

/** An event of a patient's stream as the history and the past states fold it. */
export interface PatientStreamEvent {
  readonly event: PatientEvent;
  readonly revision: number;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

const PROCEDURE_FIELDS = Object.keys(PROCEDURE_FIELD_LABELS);

const procedureFields = (procedure: ProcedureState | undefined): Record<string, unknown> =>
  procedure
    ? {
        status: procedure.status,
        scheduledDate: procedure.scheduledDate,
        completedDate: procedure.completedDate,
        location: procedure.location,
        professionalName: procedure.professionalName,
        notes: procedure.notes,
      }
    : {};

const proceduresOf = (state: PatientState): ReadonlyMap<string, ProcedureState> =>
  state.kind === 'Registered' ? state.procedures : new Map();

/** What one event changed in the procedures: added, removed, or fields changed. */
function procedureChanges(before: PatientState, after: PatientState): ProcedureHistoryChange[] {
  const was = proceduresOf(before);
  const is = proceduresOf(after);
  // A deleted patient's procedures leave with it: the deletion itself says so.
  if (after.kind === 'Deleted') return [];
  const changes: ProcedureHistoryChange[] = [];
  for (const [id, procedure] of is) {
    const previous = was.get(id);
    const fields = fieldChanges(procedureFields(previous), procedureFields(procedure), PROCEDURE_FIELDS);
    if (previous && fields.length === 0) continue;
    changes.push({
      procedureId: id,
      procedureName: procedure.procedureType.name,
      procedureCategory: procedure.procedureType.category,
      kind: previous ? 'changed' : 'added',
      changes: fields,
    });
  }
  for (const [id, procedure] of was) {
    if (is.has(id)) continue;
    changes.push({
      procedureId: id,
      procedureName: procedure.procedureType.name,
      procedureCategory: procedure.procedureType.category,
      kind: 'removed',
      changes: [],
    });
  }
  return changes;
}

const detailsOf = (state: PatientState): Record<string, unknown> =>
  state.kind === 'Registered' ? { ...state.details } : {};

/**
 * Events decided by one command (one request, one decision, one user): shown as one entry. The
 * correlation id may come from the client (`X-Request-Id`), so the user and the decision
 * instant must agree too: two users' requests sent with one id stay two entries.
 */
const sameCommand = (a: EventMetadata, b: EventMetadata): boolean =>
  a.correlationId === b.correlationId && a.timestamp === b.timestamp && a.userId === b.userId;

/** The actions of a run of events, in order of first appearance, each with how many events had it. */
function actionCounts(events: readonly PatientStreamEvent[]): PatientHistoryEntryDto['actions'] {
  const counts = new Map<PatientHistoryEntryDto['action'], number>();
  for (const { event } of events) {
    const action = patientEventAction(event);
    counts.set(action, (counts.get(action) ?? 0) + 1);
  }
  return [...counts].map(([action, count]) => ({ action, count }));
}

/**
 * The patient's history from its stream, newest first: for each command who, when, from where,
 * and each field it changed with its value before and after (procedures included), found by
 * folding the stream and comparing the state before and after the command. The events one
 * command appended make one entry: a surgery date moved with its 53 procedures rescheduled,
 * 'Marcar todos' with its 23 exams, read as what the nurse did, not as 54 or 23 separate acts.
 */
export function patientHistory(events: readonly PatientStreamEvent[]): PatientHistoryEntryDto[] {
  const entries: PatientHistoryEntryDto[] = [];
  let state = initialPatientState();
  for (let first = 0; first < events.length;) {
    let end = first + 1;
    while (end < events.length && sameCommand(events[first]!.metadata, events[end]!.metadata)) end += 1;
    const run = events.slice(first, end);
    let next = state;
    for (const { event } of run) next = evolvePatient(next, event);
    const { metadata } = run[0]!;
    const actions = actionCounts(run);
    const deletion = run.find(({ event }) => event.type === 'PatientDeleted')?.event;
    entries.push({
      revision: run.at(-1)!.revision,
      timestamp: metadata.timestamp,
      userEmail: metadata.userEmail,
      ipAddress: metadata.clientIp,
      action: actions[0]!.action,
      actions,
      changes: next.kind === 'Deleted' ? [] : fieldChanges(detailsOf(state), detailsOf(next)),
      procedures: procedureChanges(state, next),
      ...(deletion?.type === 'PatientDeleted' && deletion.data.reason !== undefined
        ? { deletionReason: deletion.data.reason }
        : {}),
    });
    state = next;
    first = end;
  }
  return entries.reverse();
}

/** The patient's state as it stood at `instant`: the events decided until then, folded. */
export function patientStateAt(events: readonly PatientStreamEvent[], instant: Date): PatientState {
  let state = initialPatientState();
  for (const { event, metadata } of events) {
    // By the instant each change was decided, the time the history shows (stored a few ms later).
    if (Date.parse(metadata.timestamp) > instant.getTime()) break;
    state = evolvePatient(state, event);
  }
  return state;
}
