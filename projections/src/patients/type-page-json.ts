import type { ProcedureType } from '@bari/contracts';

/**
 * A type's part of each of its listed procedures on the patient page (`GET /api/patients/:id`),
 * as JSON text: `"procedureTypeId":…,"procedureType":{…}`. Kept with the lists' copy of the
 * type (`patient_procedure_types.page_json`) so that the page's query does not write the
 * type out, field by field, for every procedure on every view. `JSON.stringify` escapes text
 * as PostgreSQL's `to_json` does, which wrote the copies older than this column (migration 007).
 */
export function procedureTypePageJson(type: ProcedureType): string {
  const { id, name, category, phase, isRequired, scheduledMonth } = type;
  const procedureType = { id, name, category, phase, isRequired, scheduledMonth };
  return `"procedureTypeId":${JSON.stringify(id)},"procedureType":${JSON.stringify(procedureType)}`;
}
