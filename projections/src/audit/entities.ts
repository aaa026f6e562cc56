import type { RecordedEvent } from '@bari/event-store';

/** One row of `audit_entities`: what the audit projection knows of an entity to name it. */
export interface EntityRow {
  readonly id: string;
  readonly name: string;
  /** A procedure's patient. */
  readonly parentId: string | null;
  /** Last known fields (patient details, procedure status and dates), for old → new values. */
  readonly state: Readonly<Record<string, unknown>>;
}

export type Entities = Map<string, EntityRow>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The ids of the entities a batch names, to load them in one query: patients, procedures,
 * access keys (a procedure event carries its patient's id, so the patient is loaded too).
 */
export function entityIdsOf(events: readonly RecordedEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    for (const field of ['patientId', 'procedureId', 'keyId']) {
      const id = text(data[field]);
      if (id) ids.add(id);
    }
  }
  return [...ids];
}
