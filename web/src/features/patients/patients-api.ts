import type {
  DeletePatientBody,
  PatientDetailDto,
  PatientDto,
  PatientForm,
  PatientListRow,
  PatientListSort,
  PatientLookupPurpose,
  PatientStatus,
} from '@bari/contracts';
import { api } from '../../app/api.ts';
import { PATIENT_LIST_TAG, STATISTICS_TAG, patientTag, tagsAfterPatientWrite } from './patient-tags.ts';

export interface PatientListArgs {
  search?: string;
  status?: PatientStatus;
  page: number;
  pageSize: number;
  /** The server's default is by name; the dashboard asks for the newest first. */
  sort?: PatientListSort;
  /** Absent: the server's default for the sort (A→Z for names, newest/most advanced first otherwise). */
  direction?: 'asc' | 'desc';
  /** Why it is read when not to be shown (the form's check of a CPF or CNS), for the audit trail. */
  purpose?: PatientLookupPurpose;
}

export interface PatientListPage {
  rows: PatientListRow[];
  /** All patients matching the search and filter (`X-Total-Count`), not just this page. */
  total: number;
}

export interface UpdatePatientArgs {
  id: string;
  /** The version the form was opened on: a newer one on the server → 409. */
  version: number;
  patient: PatientForm;
}

export interface DeletePatientArgs extends DeletePatientBody {
  id: string;
  version: number;
}

const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The query string of the list: empty values are left out. */
export function patientListUrl({
  search,
  status,
  page,
  pageSize,
  sort,
  direction,
  purpose,
}: PatientListArgs): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  if (sort) params.set('sort', sort);
  if (direction) params.set('direction', direction);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  if (purpose) params.set('purpose', purpose);
  return `/api/patients?${params.toString()}`;
}

export const patientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPatients: build.query<PatientListPage, PatientListArgs>({
      query: (args) => ({ url: patientListUrl(args), responseHeaders: [TOTAL_COUNT_HEADER] }),
      transformResponse: (rows: PatientListRow[], meta) => {
        const total = Number(meta?.headers[TOTAL_COUNT_HEADER]);
        return { rows, total: Number.isFinite(total) ? total : rows.length };
      },
      providesTags: (result) => [PATIENT_LIST_TAG, ...(result?.rows ?? []).map(({ id }) => patientTag(id))],
    }),
    getPatient: build.query<PatientDetailDto, string>({
      query: (id) => `/api/patients/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [patientTag(id)],
    }),
    createPatient: build.mutation<PatientDto, { patient: PatientForm; idempotencyKey: string }>({
      query: ({ patient, idempotencyKey }) => ({
        url: '/api/patients',
        method: 'POST',
        body: patient,
        idempotencyKey,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [PATIENT_LIST_TAG, STATISTICS_TAG]),
    }),
    updatePatient: build.mutation<PatientDto, UpdatePatientArgs>({
      query: ({ id, version, patient }) => ({
        url: `/api/patients/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { ...patient, version },
      }),
      // A 409 means the patient changed meanwhile: refetching shows the current version.
      invalidatesTags: (_result, error, { id }) => tagsAfterPatientWrite(error, id),
    }),
    deletePatient: build.mutation<null, DeletePatientArgs>({
      query: ({ id, version, reason }) => ({
        url: `/api/patients/${encodeURIComponent(id)}?version=${version}`,
        method: 'DELETE',
        body: { reason } satisfies DeletePatientBody,
        responseType: 'none',
      }),
      invalidatesTags: (_result, error, { id }) => tagsAfterPatientWrite(error, id),
    }),
  }),
});

export const {
  useGetPatientsQuery,
  useGetPatientQuery,
  useCreatePatientMutation,
  useUpdatePatientMutation,
  useDeletePatientMutation,
} = patientsApi;
