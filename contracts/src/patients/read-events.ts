import { z } from 'zod';
import { ProcedureTypeSchema, type ProcedureType } from '../protocol/procedure-type.ts';
import { isStoredDateText, isUuidText } from './plain-checks.ts';
import {
  LegacyProcedureImported,
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureAssigned,
  ProcedureCompleted,
  ProcedureCompletionChanged,
  ProcedureReopened,
  ProcedureRemoved,
  ProcedureRescheduled,
  RequiredProceduresAssigned,
  type PatientEvent,
} from './events.ts';

/*
 * Checking a patient event read back from the log. A registration's `RequiredProceduresAssigned`
 * lists 93 procedures, each with its type; the store hands it back naming the catalogue's own
 * type objects (`withProcedureTypeReferences`, which freezes them), so each of those is checked
 * once, not once per procedure of every registration read: what `PatientEventSchema` accepts
 * and gives, at a fraction of the cost (the largest part of a rebuild's contract checks, and of
 * every command's read of a patient's stream). Plain `safeParse` calls, not a zod transform
 * per item: zod's effects cost more than the check they would save.
 */

const AssignmentWithoutItemsSchema = RequiredProceduresAssigned.data.extend({
  procedures: z.array(z.unknown()),
});
/**
 * The assignment's other fields, its items left as they are: `z.array(z.unknown())` still
 * visits each item (about a third of a registration read). When `procedures` is not an
 * array, `AssignmentWithoutItemsSchema` names the problem.
 */
const AssignmentFieldsSchema = RequiredProceduresAssigned.data.extend({ procedures: z.any() });
const ItemsWithoutTypeSchema = z.array(
  RequiredProceduresAssigned.data.shape.procedures.element.omit({ procedureType: true }),
);
type Item = RequiredProceduresAssigned['data']['procedures'][number];

/** Frozen type copies already checked, by object: being frozen, they cannot have changed since. */
const checkedTypes = new WeakMap<object, ProcedureType>();

function checkType(
  value: unknown,
  path: (string | number)[],
  issues: z.ZodIssue[],
): ProcedureType | undefined {
  const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value);
  const known = frozen ? checkedTypes.get(value) : undefined;
  if (known) return known;
  const result = ProcedureTypeSchema.safeParse(value, { path });
  if (!result.success) {
    issues.push(...result.error.issues);
    return undefined;
  }
  // Shared by every event that names this object: frozen, so no reader can change it for the others.
  const checked = Object.freeze(result.data);
  if (frozen) checkedTypes.set(value, checked);
  return checked;
}

/**
 * The items as `readAssignmentData` gives them, when every one is plainly valid and names a
 * type object already checked: one pass by hand, where zod's object and string checks took
 * 125 µs of each registration read (93 items; 2.5 s of a 20,000-patient rebuild). Undefined
 * otherwise, and zod checks them all and names what is wrong: this accepts nothing zod
 * refuses (`isUuidText`, `isStoredDateText`) and gives what zod gives (unknown keys dropped).
 */
function plainlyValidItems(values: readonly unknown[]): Item[] | undefined {
  const items = new Array<Item>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    // A plain object, as JSON gives (zod's own test lets more through: those it then checks).
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
      return undefined;
    const { procedureId, procedureType, scheduledDate, then } = value as Partial<
      Record<keyof Item | 'then', unknown>
    >;
    // zod takes an object with `then` and `catch` functions for a promise, and refuses it.
    if (typeof then === 'function') return undefined;
    // Only frozen type objects are ever kept as checked (`checkType`).
    const type =
      typeof procedureType === 'object' && procedureType !== null
        ? checkedTypes.get(procedureType)
        : undefined;
    if (!type || !isUuidText(procedureId)) return undefined;
    if (scheduledDate !== null && !isStoredDateText(scheduledDate)) return undefined;
    items[index] = { procedureId, procedureType: type, scheduledDate };
  }
  return items;
}

/** A `RequiredProceduresAssigned`'s data; issues' paths start inside it. */
function readAssignmentData(
  value: unknown,
): z.SafeParseReturnType<unknown, RequiredProceduresAssigned['data']> {
  const fields = AssignmentFieldsSchema.safeParse(value);
  if (fields.success && Array.isArray(fields.data.procedures)) {
    const plain = plainlyValidItems(fields.data.procedures as unknown[]);
    const { patientId, reason } = fields.data;
    if (plain) return { success: true, data: { patientId, procedures: plain, reason } };
  }
  const assignment = AssignmentWithoutItemsSchema.safeParse(value);
  if (!assignment.success) return assignment;
  const { patientId, reason } = assignment.data;
  const issues: z.ZodIssue[] = [];
  const items = ItemsWithoutTypeSchema.safeParse(assignment.data.procedures, { path: ['procedures'] });
  if (!items.success) issues.push(...items.error.issues);
  const procedures: Item[] = [];
  assignment.data.procedures.forEach((item, index) => {
    // An item that is an object (arrays are not): its type read as zod reads a field.
    const isObject = typeof item === 'object' && item !== null && !Array.isArray(item);
    const path = ['procedures', index, 'procedureType'];
    const procedureType = isObject
      ? checkType((item as { procedureType?: unknown }).procedureType, path, issues)
      : undefined;
    const fields = items.data?.[index];
    if (fields && procedureType) {
      procedures.push({
        procedureId: fields.procedureId,
        procedureType,
        scheduledDate: fields.scheduledDate,
      });
    }
  });
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) };
  return { success: true, data: { patientId, procedures, reason } };
}

/** `RequiredProceduresAssigned` with its data read by `readAssignmentData`. */
const AssignmentReadSchema = z.object({
  type: RequiredProceduresAssigned.schema.shape.type,
  data: z.unknown().transform((value, ctx): RequiredProceduresAssigned['data'] => {
    const result = readAssignmentData(value);
    if (result.success) return result.data;
    // Added under this field's path (`data`), as a nested schema's issues are.
    for (const issue of result.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  }),
});

/**
 * `PatientEventSchema` for events read back from the log: the same events accepted, the same
 * values given (a registration's type copies frozen), each frozen type object checked once.
 */
export const PatientEventReadSchema = z.discriminatedUnion('type', [
  // `PatientEventSchema`'s options in its order, the assignment's read as above: every other
  // event is checked by its own schema directly (a transform around the whole union, as this
  // was before, doubled their cost: 403,735 completions in a 20,000-patient rebuild).
  PatientRegistered.schema,
  PatientUpdated.schema,
  PatientDeleted.schema,
  ProcedureAssigned.schema,
  AssignmentReadSchema,
  ProcedureCompleted.schema,
  ProcedureCompletionChanged.schema,
  ProcedureReopened.schema,
  ProcedureRescheduled.schema,
  ProcedureRemoved.schema,
  LegacyProcedureImported.schema,
]) satisfies z.ZodType<PatientEvent, z.ZodTypeDef, unknown>;
