import type {
  AuditAction,
  AuditEntityType,
  AuditFacetsDto,
  AuditIntegrityDto,
  AuditLogEntryDto,
  PatientDetailDto,
  PatientHistoryEntryDto,
} from '@bari/contracts';
import { TOTAL_COUNT_CAPPED_HEADER } from '@bari/contracts';

import { api } from '../../app/api.ts';

export interface AuditLogArgs {
  search?: string;
  action?: AuditAction;
  entityType?: AuditEntityType;
  userId?: string;
  /** ISO instants, inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface AuditLogPage {
  rows: AuditLogEntryDto[];
  /** Entries matching the filters (`X-Total-Count`), not just this page. */
  total: number;
  /** A text search matched more than the server counts: `total` is a lower bound. */
  totalCapped: boolean;
}

const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * The audit screen reads the log afresh each time it opens (no tag marks it stale: every
 * event of the app feeds it), unlike the app's other data (§9: never stale on its own).
 */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

/** The query string of a page: empty values are left out. */
export function auditLogUrl(args: AuditLogArgs): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/audit-logs?${params.toString()}`;
}

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, AuditLogArgs>({
      query: (args) => ({
        url: auditLogUrl(args),
        responseHeaders: [TOTAL_COUNT_HEADER, TOTAL_COUNT_CAPPED_HEADER],
      }),
      transformResponse: (rows: AuditLogEntryDto[], meta) => {
        const total = Number(meta?.headers[TOTAL_COUNT_HEADER]);
        return {
          rows,
          total: Number.isFinite(total) ? total : rows.length,
          totalCapped: meta?.headers[TOTAL_COUNT_CAPPED_HEADER] === 'true',
        };
      },
    }),
    getAuditFacets: build.query<AuditFacetsDto, void>({
      query: () => '/api/audit-logs/facets',
    }),
    getAuditIntegrity: build.query<AuditIntegrityDto, void>({
      query: () => '/api/audit-logs/integrity',
    }),
    getPatientHistory: build.query<PatientHistoryEntryDto[], string>({
      query: (id) => `/api/patients/${encodeURIComponent(id)}/history`,
      // Refreshed whenever the patient changes (its mutations invalidate this tag).
      providesTags: (_result, _error, id) => [{ type: 'Patient', id }],
    }),
    getPatientAsOf: build.query<PatientDetailDto, { id: string; asOf: string }>({
      query: ({ id, asOf }) => `/api/patients/${encodeURIComponent(id)}?asOf=${encodeURIComponent(asOf)}`,
    }),
  }),
});

export const {
  useGetAuditLogQuery,
  useGetAuditFacetsQuery,
  useGetAuditIntegrityQuery,
  useGetPatientHistoryQuery,
  useGetPatientAsOfQuery,
} = auditApi;
