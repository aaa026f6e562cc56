import { z } from 'zod';
import type { ProcedureType } from '../protocol/procedure-type.ts';
import { ProcedureTypeIdSchema } from '../protocol/procedure-type.ts';
import { StoredDateSchema } from './fields.ts';
import { ProcedureIdSchema } from './procedure.ts';
import { RequiredProceduresAssigned } from './events.ts';

/*
 * How a `RequiredProceduresAssigned` is stored. Its 93 procedures each carried a copy of
 * their type, 26 kB an event, paid at every append, every read of the patient's stream and
 * every replay. Types never change, so the stored event names each type by id and readers
 * get the copy back from the catalogue (the `procedure-types` stream): the event store
 * compacts on append and expands on read (`withProcedureTypeReferences`), so deciders and
 * projections keep seeing the event as `RequiredProceduresAssigned` defines it.
 *
 * An item keeps its copy when the catalogue did not hold exactly that type at append time,
 * and events stored before this change keep theirs: both forms stay readable forever.
 */

const ItemWithTypeSchema = RequiredProceduresAssigned.data.shape.procedures.element;

const ItemWithTypeIdSchema = z.object({
  procedureId: ProcedureIdSchema,
  procedureTypeId: ProcedureTypeIdSchema,
  scheduledDate: StoredDateSchema.nullable(),
});

/** The data of a stored `RequiredProceduresAssigned`: each item with its type or its type's id. */
export const StoredRequiredProceduresAssignedSchema = RequiredProceduresAssigned.data.extend({
  procedures: z.array(z.union([ItemWithTypeSchema, ItemWithTypeIdSchema])),
});
export type StoredRequiredProceduresAssigned = z.infer<typeof StoredRequiredProceduresAssignedSchema>;
type Item = StoredRequiredProceduresAssigned['procedures'][number];

export type ProcedureTypeLookup = (id: string) => ProcedureType | undefined;

const TYPE_FIELDS = ['id', 'name', 'category', 'phase', 'isRequired', 'scheduledMonth'] as const;

/** The catalogue's entry for a type, without anything an event does not carry (`source`). */
export function procedureTypeOf(defined: ProcedureType): ProcedureType {
  const { id, name, category, phase, isRequired, scheduledMonth } = defined;
  return { id, name, category, phase, isRequired, scheduledMonth };
}

/** Equal field by field, and the copy carries nothing else (what it carried would be lost). */
function sameType(known: ProcedureType, copy: ProcedureType): boolean {
  return (
    Object.keys(copy).length === TYPE_FIELDS.length &&
    TYPE_FIELDS.every((field) => known[field] === copy[field])
  );
}

const ITEM_FIELDS = 3;

/** An item naming its type by id (the check tolerates malformed items: readers refuse them later). */
const namesType = (item: Item): item is z.infer<typeof ItemWithTypeIdSchema> =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { procedureTypeId?: unknown }).procedureTypeId === 'string';

/**
 * The stored form: an item's type replaced by its id where the catalogue holds exactly that
 * type (so expanding gives it back equal), kept whole otherwise.
 */
export function compactRequiredProcedures(
  data: RequiredProceduresAssigned['data'],
  typeOf: ProcedureTypeLookup,
): StoredRequiredProceduresAssigned {
  return {
    ...data,
    procedures: data.procedures.map((item) => {
      const { procedureId, procedureType, scheduledDate } = item;
      const known = typeOf(procedureType.id);
      return known && sameType(known, procedureType) && Object.keys(item).length === ITEM_FIELDS
        ? { procedureId, procedureTypeId: procedureType.id, scheduledDate }
        : item;
    }),
  };
}

/** The type ids a stored event names without a copy (what expanding it needs to look up). */
export function referencedTypeIds(data: StoredRequiredProceduresAssigned): string[] {
  return data.procedures.filter(namesType).map((item) => item.procedureTypeId);
}

/**
 * The event as deciders and projections take it; throws when a named type is unknown (a
 * caller checks `referencedTypeIds` against its catalogue first).
 */
export function expandRequiredProcedures(
  data: StoredRequiredProceduresAssigned,
  typeOf: ProcedureTypeLookup,
): RequiredProceduresAssigned['data'] {
  return {
    ...data,
    procedures: data.procedures.map((item) => {
      if (!namesType(item)) return item;
      const procedureType = typeOf(item.procedureTypeId);
      if (!procedureType) throw new UnknownProcedureTypeError(item.procedureTypeId);
      return { procedureId: item.procedureId, procedureType, scheduledDate: item.scheduledDate };
    }),
  };
}

/** A stored event names a type the catalogue does not define: the log is inconsistent. */
export class UnknownProcedureTypeError extends Error {
  override readonly name = 'UnknownProcedureTypeError';

  constructor(readonly procedureTypeId: string) {
    super(`Procedure type ${procedureTypeId} is named by an event but not defined in the catalogue`);
  }
}
