import type { Dataset } from './dataset.ts';
import { jsonHeaders, type ApiClient } from './http-client.ts';
import { measureHttp, type HttpFigures } from './http-load.ts';
import { SURNAMES } from './names.ts';

export interface QueryFigures {
  readonly authFloor: HttpFigures;
  readonly patientList: HttpFigures;
  readonly patientSearch: HttpFigures;
  readonly patientDetail: HttpFigures;
  readonly statistics: HttpFigures;
  /** /audit's first page, and a search in it (issue 8). */
  readonly auditLog: HttpFigures;
  readonly auditLogSearch: HttpFigures;
  /** The statistics by municipality (issue 9). */
  readonly municipalityReport: HttpFigures;
}

/** Cycles through `items` for successive requests. */
function cycle<T>(items: readonly T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length]!;
}

/**
 * The reads the web app makes most, each alone under `clients` concurrent signed-in clients:
 * the cheapest signed-in request, the list's first page, a search (surnames and
 * municipalities, as people type them), a patient's page and the dashboard's numbers.
 */
export async function measureQueries(
  api: ApiClient,
  dataset: Dataset,
  patientIds: readonly string[],
  options: { readonly clients: number; readonly seconds: number; readonly warmupSeconds: number },
): Promise<QueryFigures> {
  const base = {
    baseUrl: api.baseUrl,
    clients: options.clients,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    headers: jsonHeaders(api.baseUrl, api.cookie),
  };
  const searches = cycle([
    ...SURNAMES.map((surname) => surname.toLowerCase()),
    ...dataset.municipalities.slice(0, 40).map((municipality) => municipality.name),
  ]);
  const details = cycle(patientIds);
  return {
    authFloor: await measureHttp({ ...base, path: '/api/auth/user' }),
    patientList: await measureHttp({ ...base, path: '/api/patients?page=1&pageSize=50' }),
    patientSearch: await measureHttp({
      ...base,
      path: '/api/patients?search=silva',
      next: () => ({ path: `/api/patients?search=${encodeURIComponent(searches())}&page=1&pageSize=50` }),
    }),
    patientDetail: await measureHttp({
      ...base,
      path: `/api/patients/${patientIds[0]}`,
      next: () => ({ path: `/api/patients/${details()}` }),
    }),
    statistics: await measureHttp({ ...base, path: '/api/statistics' }),
    auditLog: await measureHttp({ ...base, path: '/api/audit-logs?page=1&pageSize=50' }),
    auditLogSearch: await measureHttp({
      ...base,
      path: '/api/audit-logs?search=silva',
      next: () => ({ path: `/api/audit-logs?search=${encodeURIComponent(searches())}&page=1&pageSize=50` }),
    }),
    municipalityReport: await measureHttp({ ...base, path: '/api/reports/municipality' }),
  };
}
