import { z } from 'zod';

/** One field's value before and after, as text (null: empty or absent). */
export const FieldChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/**
 * A stored value as text for an audit entry: municipalities as 'Nome/UF', booleans and numbers
 * as written, dates and strings as stored (the web formats ISO dates for display).
 */
export function auditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'name' in value && 'uf' in value) {
    const { name, uf } = value as { name: unknown; uf: unknown };
    return `${String(name)}/${String(uf)}`;
  }
  return JSON.stringify(value);
}

/** The fields of `after` whose text differs from `before`'s, in `after`'s key order. */
export function fieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[] = Object.keys(after),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = auditValue(before[field]);
    const to = auditValue(after[field]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}
