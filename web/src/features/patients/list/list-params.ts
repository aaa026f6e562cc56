import {
  PATIENT_STATUSES,
  PatientListSortSchema,
  type PatientListSort,
  type PatientStatus,
} from '@bari/contracts';

/** The page sizes the list offers (the server's limit is 200); the first screen shows 20. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type SortDirection = 'asc' | 'desc';

/** The order a plain /patients has: by name, as the server orders by default. */
export const DEFAULT_SORT: PatientListSort = 'name';

/** The server's own default direction: A→Z for names; newest and most advanced first for the rest. */
export function defaultDirection(sort: PatientListSort): SortDirection {
  return sort === 'name' ? 'asc' : 'desc';
}

/**
 * The list's search, filter, order and page, kept in the address
 * (`?q=&status=&sort=&direction=&page=&pageSize=`) so that back, reload and a shared link keep them.
 */
export interface ListParams {
  search: string;
  status: PatientStatus | 'all';
  sort: PatientListSort;
  direction: SortDirection;
  page: number;
  pageSize: number;
}

export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get('status');
  const sort = PatientListSortSchema.safeParse(params.get('sort')).data ?? DEFAULT_SORT;
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    search: params.get('q') ?? '',
    status: (PATIENT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as PatientStatus)
      : 'all',
    sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : defaultDirection(sort),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address form of the parameters; defaults are left out so a plain /patients stays plain. */
export function writeListParams({
  search,
  status,
  sort,
  direction,
  page,
  pageSize,
}: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search);
  if (status !== 'all') params.set('status', status);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (direction !== defaultDirection(sort)) params.set('direction', direction);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params;
}

/**
 * What a click on a column's header does: the same column turns its direction round; another
 * column is ordered in its own default direction.
 */
export function nextSort(
  current: Pick<ListParams, 'sort' | 'direction'>,
  clicked: PatientListSort,
): Pick<ListParams, 'sort' | 'direction'> {
  if (clicked !== current.sort) return { sort: clicked, direction: defaultDirection(clicked) };
  return { sort: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Pages needed for `total` patients (at least one, so an empty list reads 'Página 1 de 1'). */
export function pageCount(total: number, pageSize = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers the pager shows: the first, the last, and two either side of the current
 * one; `null` stands for the pages skipped between them (shown as '…').
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let near = page - 2; near <= page + 2; near += 1) if (near >= 1 && near <= pages) shown.add(near);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return number === previous + 2 ? [previous + 1, number] : [null, number];
  });
}
