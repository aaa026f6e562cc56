import { z } from 'zod';
import { foldText } from '../identifiers/fold-text.ts';
import { PhaseSchema, ProcedureCategorySchema, type ProcedureCategory } from './categories.ts';

/**
 * A procedure type's id: a UUID for types staff create, a readable stable slug for the
 * catalogue's (`catalogueTypeId`), so every installation names its catalogue the same way.
 */
export const ProcedureTypeIdSchema = z.string().min(1).max(200);

/** A procedure type (§3): exam, lab exam or consultation of the protocol. */
export const ProcedureTypeSchema = z.object({
  id: ProcedureTypeIdSchema,
  name: z.string().min(1),
  category: ProcedureCategorySchema,
  phase: PhaseSchema,
  isRequired: z.boolean(),
  /** The post-operative month it belongs to (12 for '12-15'); null before the surgery. */
  scheduledMonth: z.number().int().positive().nullable(),
});
export type ProcedureType = z.infer<typeof ProcedureTypeSchema>;

/** Two names are the same type within a category when they fold to the same text. */
export function procedureTypeKey(type: {
  readonly category: ProcedureCategory;
  readonly name: string;
}): string {
  return `${type.category}:${foldText(type.name)}`;
}

/** The catalogue id of a type: `<category>.<slug of the name>`, e.g. `pre_op_lab.hemograma-completo`. */
export function catalogueTypeId(category: ProcedureCategory, name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${category}.${slug}`;
}
