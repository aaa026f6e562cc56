import type { ProcedureType } from '@bari/contracts';

/**
 * A lone UTF-16 surrogate (possible in an old event read from EventStoreDB, never in
 * PostgreSQL's jsonb) as U+FFFD, which is what PostgreSQL stores for it: `JSON.stringify`
 * would write it as `\ud800`, and the page would differ from the copy's columns.
 */
const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\uFFFD');

/**
 * A type's part of each of its listed procedures on the patient page (`GET /api/patients/:id`),
 * as JSON text: `"procedureTypeId":…,"procedureType":{…}`. Kept with the lists' copy of the
 * type (`patient_procedure_types.page_json`, read once per process by `type-texts.ts`) so that
 * the type is not written out, field by field, for every procedure on every view.
 * `JSON.stringify` escapes text as PostgreSQL's `to_json` does (the same bytes for every code
 * point), which wrote the copies older than this column (migration 007).
 */
export function procedureTypePageJson(type: ProcedureType): string {
  // Category and phase are fixed words (the contract's enums); id and name are free text.
  const { category, phase, isRequired, scheduledMonth } = type;
  const id = wellFormed(type.id);
  const procedureType = { id, name: wellFormed(type.name), category, phase, isRequired, scheduledMonth };
  return `"procedureTypeId":${JSON.stringify(id)},"procedureType":${JSON.stringify(procedureType)}`;
}
