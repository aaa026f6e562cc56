import { z } from 'zod';
import {
  PatientEventSchema,
  ProcedureTypeSchema,
  RequiredProceduresAssigned,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';

const parsed = new WeakMap<RecordedEvent, PatientEvent>();

/**
 * A recorded patient event checked against its contract, once per recorded event. The
 * patients and audit projections are handed the same batch (the same objects), and checking a
 * registration's 93 procedures was the largest cost of either in Node; the second asks for
 * the result of the first. Readers never change a parsed event (the folds build new rows).
 */
export function parsePatientEvent(recorded: RecordedEvent): PatientEvent {
  let event = parsed.get(recorded);
  if (!event) {
    event =
      recorded.type === RequiredProceduresAssigned.type
        ? { type: RequiredProceduresAssigned.type, data: parseRequiredProcedures(recorded.data) }
        : PatientEventSchema.parse({ type: recorded.type, data: recorded.data });
    parsed.set(recorded, event);
  }
  return event;
}

const ItemSchema = RequiredProceduresAssigned.data.shape.procedures.element;
const ItemWithoutTypeSchema = ItemSchema.omit({ procedureType: true });
const AssignmentWithoutItemsSchema = RequiredProceduresAssigned.data.extend({
  procedures: z.array(z.record(z.unknown())),
});

/** Type copies already checked, by object: the store expands stored ids to the catalogue's own. */
const checkedTypes = new WeakMap<object, ProcedureType>();

function checkedType(value: unknown): ProcedureType {
  if (typeof value !== 'object' || value === null) return ProcedureTypeSchema.parse(value);
  let type = checkedTypes.get(value);
  if (!type) {
    type = ProcedureTypeSchema.parse(value);
    checkedTypes.set(value, type);
  }
  return type;
}

/**
 * `RequiredProceduresAssigned`'s data checked against its contract, as `PatientEventSchema`
 * would, but each procedure type checked once per object: a registration read back names the
 * catalogue's types (`withProcedureTypeReferences` expands them to the same objects), so its
 * 93 type copies are 93 of about 127 objects checked once per process, not once per event.
 */
export function parseRequiredProcedures(data: unknown): RequiredProceduresAssigned['data'] {
  const { procedures, ...rest } = AssignmentWithoutItemsSchema.parse(data);
  return {
    ...rest,
    procedures: procedures.map(({ procedureType, ...item }, index) => {
      const { procedureId, scheduledDate } = ItemWithoutTypeSchema.parse(item, {
        path: ['procedures', index],
      });
      return { procedureId, procedureType: checkedType(procedureType), scheduledDate };
    }),
  };
}
