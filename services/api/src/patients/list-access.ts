import type { PatientListQuery } from '@bari/contracts';
import type { AccessRecord } from '../audit/record-access.ts';

/**
 * The access a page of the patient list records: a search looks someone up by name, CPF or
 * CNS (`SEARCH_PATIENTS`, found in /audit by the text searched); any other page still shows up
 * to 200 patients' records (`LIST_PATIENTS`). With everything that decides which patients the
 * page holds, so an auditor can tell whose records were read.
 */
export function listAccessOf(query: PatientListQuery): AccessRecord {
  const page = {
    status: query.status ?? null,
    sort: query.sort,
    direction: query.direction ?? null,
    page: String(query.page),
    pageSize: String(query.pageSize),
  };
  // The form's check of a CPF or CNS typed says so: an auditor tells it from a search.
  const purpose: Record<string, string> = query.purpose ? { purpose: query.purpose } : {};
  return query.search
    ? { action: 'SEARCH_PATIENTS', parameters: { search: query.search, ...purpose, ...page } }
    : { action: 'LIST_PATIENTS', parameters: { ...purpose, ...page } };
}
