import { z } from 'zod';
import { ProcedureTypeSchema, type ProcedureType } from '../protocol/procedure-type.ts';
import { PatientEventSchema, RequiredProceduresAssigned, type PatientEvent } from './events.ts';

/*
 * Checking a patient event read back from the log. A registration's `RequiredProceduresAssigned`
 * lists 93 procedures, each with its type; the store hands it back naming the catalogue's own
 * type objects (`withProcedureTypeReferences`), so each type is checked once per object, not
 * once per procedure of every registration read: what `PatientEventSchema` accepts and gives,
 * at a fraction of the cost (the largest part of a rebuild's contract checks, and of every
 * command's read of a patient's stream).
 */

const ItemWithoutTypeSchema = RequiredProceduresAssigned.data.shape.procedures.element.omit({
  procedureType: true,
});
const AssignmentWithoutItemsSchema = RequiredProceduresAssigned.data.extend({
  procedures: z.array(z.record(z.unknown())),
});

/** Type copies already checked, by object. Readers never change an event they were given. */
const checkedTypes = new WeakMap<object, ProcedureType>();

function checkType(
  value: unknown,
  path: (string | number)[],
  ctx: z.RefinementCtx,
): ProcedureType | undefined {
  const known = typeof value === 'object' && value !== null ? checkedTypes.get(value) : undefined;
  if (known) return known;
  const result = ProcedureTypeSchema.safeParse(value, { path });
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue(issue);
    return undefined;
  }
  if (typeof value === 'object' && value !== null) checkedTypes.set(value, result.data);
  return result.data;
}

const RequiredProceduresAssignedReadSchema = z.unknown().transform((data, ctx) => {
  const assignment = AssignmentWithoutItemsSchema.safeParse(data, { path: ['data'] });
  if (!assignment.success) {
    for (const issue of assignment.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  }
  const { procedures, ...rest } = assignment.data;
  let valid = true;
  const checked = procedures.map(({ procedureType, ...item }, index) => {
    const path = ['data', 'procedures', index];
    const fields = ItemWithoutTypeSchema.safeParse(item, { path });
    const type = checkType(procedureType, [...path, 'procedureType'], ctx);
    if (!fields.success) for (const issue of fields.error.issues) ctx.addIssue(issue);
    if (!fields.success || !type) {
      valid = false;
      return undefined;
    }
    return {
      procedureId: fields.data.procedureId,
      procedureType: type,
      scheduledDate: fields.data.scheduledDate,
    };
  });
  if (!valid) return z.NEVER;
  return { ...rest, procedures: checked as RequiredProceduresAssigned['data']['procedures'] };
});

/**
 * `PatientEventSchema` for events read back from the log: the same events accepted, the same
 * values given, a registration's types checked once per object.
 */
export const PatientEventReadSchema: z.ZodType<PatientEvent, z.ZodTypeDef, unknown> = z
  .unknown()
  .transform((value, ctx): PatientEvent => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    if (type === RequiredProceduresAssigned.type) {
      const data = RequiredProceduresAssignedReadSchema.safeParse((value as { data?: unknown }).data);
      if (data.success) return { type: RequiredProceduresAssigned.type, data: data.data };
      for (const issue of data.error.issues) ctx.addIssue(issue);
      return z.NEVER;
    }
    const event = PatientEventSchema.safeParse(value);
    if (event.success) return event.data;
    for (const issue of event.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  });
