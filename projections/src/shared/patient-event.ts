import { PatientEventReadSchema, type PatientEvent } from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';

const parsed = new WeakMap<RecordedEvent, PatientEvent>();

/**
 * A recorded patient event checked against its contract, once per recorded event. The
 * patients and audit projections are handed the same batch (the same objects), and checking a
 * registration's 93 procedures was the largest cost of either in Node; the second asks for
 * the result of the first (and `PatientEventReadSchema` checks each procedure type once).
 * Readers never change a parsed event (the folds build new rows).
 */
export function parsePatientEvent(recorded: RecordedEvent): PatientEvent {
  let event = parsed.get(recorded);
  if (!event) {
    event = PatientEventReadSchema.parse({ type: recorded.type, data: recorded.data });
    parsed.set(recorded, event);
  }
  return event;
}
