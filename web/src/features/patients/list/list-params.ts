import { PATIENT_STATUSES, type PatientStatus } from '@bari/contracts';

/** Patients per page of the list (the server's limit is 200). */
export const PAGE_SIZE = 20;

/** The list's search, filter and page, kept in the address (`?q=&status=&page=`) so back and reload keep them. */
export interface ListParams {
  search: string;
  status: PatientStatus | 'all';
  page: number;
}

export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    status: (PATIENT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as PatientStatus)
      : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address form of the parameters; defaults are left out so a plain /patients stays plain. */
export function writeListParams({ search, status, page }: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search);
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Pages needed for `total` patients (at least one, so an empty list reads 'Página 1 de 1'). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
