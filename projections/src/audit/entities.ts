import type { RecordedEvent } from '@bari/event-store';
import type { WritesJsonText } from '../shared/columns.ts';

/** One row of `audit_entities`: what the audit projection knows of an entity to name it. */
export interface EntityRow {
  readonly id: string;
  readonly name: string;
  /** A procedure's patient. */
  readonly parentId: string | null;
  /**
   * Last known fields (patient details, procedure status and dates), for old → new values; an
   * `assigned:` row's procedures (`AssignedProcedures` when built here, the object its JSON
   * text parses to when loaded).
   */
  readonly state: Readonly<Record<string, unknown>> | AssignedProcedures;
}

export type Entities = Map<string, EntityRow>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The lookup row listing the procedures a patient was assigned in bulk that have no row of
 * their own yet: `{ [procedureId]: [name, scheduledDate] }`. One row per patient instead of
 * one per procedure (93 at each registration); a procedure gets its own row when an event
 * first changes it.
 */
export const assignedEntityId = (patientId: string): string => `assigned:${patientId}`;

/** A procedure's name and scheduled date as its bulk assignment left them. */
export type AssignedProcedure = readonly [name: string, scheduledDate: string | null];

/**
 * A patient's `assigned:` procedures, stored as the JSON object `{ [procedureId]: [name,
 * scheduledDate] }` and held here in a `Map`, whose text is written directly: building the
 * object (93 keys, each a uuid V8 interns) and then serialising it was the largest cost of the
 * audit entries in a rebuild (1.6 s of 20,000 registrations' 2.5 s).
 */
export class AssignedProcedures implements WritesJsonText {
  private readonly procedures: Map<string, AssignedProcedure>;

  /** The procedures `state` lists (built here, or parsed from a loaded row), copied. */
  constructor(state?: EntityRow['state']) {
    this.procedures =
      state instanceof AssignedProcedures
        ? new Map(state.procedures)
        : new Map(Object.entries(state ?? {}) as [string, AssignedProcedure][]);
  }

  get(procedureId: string): AssignedProcedure | undefined {
    return this.procedures.get(procedureId);
  }

  set(procedureId: string, procedure: AssignedProcedure): void {
    this.procedures.set(procedureId, procedure);
  }

  toJsonText(): string {
    let text = '{';
    for (const [procedureId, [name, scheduledDate]] of this.procedures) {
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(procedureId)}:[${JSON.stringify(name)},${JSON.stringify(scheduledDate ?? null)}]`;
    }
    return `${text}}`;
  }
}

/** The procedure an `assigned:` row's state lists under `procedureId`, if it does. */
export function assignedProcedure(
  state: EntityRow['state'],
  procedureId: string,
): AssignedProcedure | undefined {
  return state instanceof AssignedProcedures
    ? state.get(procedureId)
    : (state[procedureId] as AssignedProcedure | undefined);
}

/** A patient's or a procedure's last known fields (an `assigned:` row has none). */
export const fieldsOf = (row: EntityRow | undefined): Readonly<Record<string, unknown>> =>
  !row || row.state instanceof AssignedProcedures ? {} : row.state;

/** Event types whose procedure may still be listed only in its patient's `assigned:` row. */
const READS_ASSIGNED = new Set([
  'ProcedureCompleted',
  'ProcedureCompletionChanged',
  'ProcedureReopened',
  'ProcedureRescheduled',
  'ProcedureRemoved',
]);
/** Event types that add to a patient's `assigned:` row: it is loaded whole, to be written back. */
const WRITES_ASSIGNED = new Set(['RequiredProceduresAssigned']);

/** The fields of an event's data that name an entity loaded whole. */
const NAMED_FIELDS = ['patientId', 'procedureId', 'keyId'] as const;

/** A procedure a batch may name from its patient's `assigned:` row. */
export interface AssignedPick {
  readonly assignedId: string;
  readonly procedureId: string;
}

/**
 * What a batch names, to load it in two queries: the entities loaded whole (patients,
 * procedures, access keys; a procedure event carries its patient's id, so the patient is
 * loaded too), and the procedures it may find only in their patient's `assigned:` row, for
 * which that row is loaded with just those entries. The whole row is about 7 kB of JSON per
 * patient; reading and parsing it for every procedure event was most of the lookup's cost.
 */
export function entitiesToLoad(events: readonly RecordedEvent[]): {
  readonly ids: string[];
  readonly picks: AssignedPick[];
} {
  const ids = new Set<string>();
  const picks = new Map<string, AssignedPick>();
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    for (const field of NAMED_FIELDS) {
      const id = text(data[field]);
      if (id) ids.add(id);
    }
    const patientId = text(data.patientId);
    const procedureId = text(data.procedureId);
    if (patientId && WRITES_ASSIGNED.has(event.type)) ids.add(assignedEntityId(patientId));
    if (patientId && procedureId && READS_ASSIGNED.has(event.type)) {
      const assignedId = assignedEntityId(patientId);
      picks.set(`${assignedId} ${procedureId}`, { assignedId, procedureId });
    }
  }
  return { ids: [...ids], picks: [...picks.values()].filter((pick) => !ids.has(pick.assignedId)) };
}
