import type {
  CompletePendingLabsResponse,
  CreateProcedureRequest,
  CreateProcedureTypeRequest,
  ProcedureRecord,
  ProcedureType,
  UpdateProcedureRequest,
} from '@bari/contracts';
import { api } from '../../app/api.ts';
import { tagsAfterPatientWrite } from '../patients/patient-tags.ts';

const PROCEDURE_TYPE_LIST_TAG = { type: 'ProcedureType', id: 'LIST' } as const;

export interface UpdateProcedureArgs {
  id: string;
  patientId: string;
  changes: UpdateProcedureRequest;
}

export interface CompletePendingLabsArgs {
  patientId: string;
  /** The completion date; the server's today (São Paulo) when absent. */
  completedDate?: string;
}

/** The body of `POST /api/procedure-types` (the server derives the phase, but §7 sends it). */
export type NewProcedureType = Required<Pick<CreateProcedureTypeRequest, 'name' | 'category' | 'phase'>>;

export const proceduresApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProcedureTypes: build.query<ProcedureType[], void>({
      query: () => '/api/procedure-types',
      providesTags: [PROCEDURE_TYPE_LIST_TAG],
    }),
    /** The add-procedure dialog's first step: a type that is not required (§4). */
    createProcedureType: build.mutation<ProcedureType, NewProcedureType>({
      query: (type) => ({
        url: '/api/procedure-types',
        method: 'POST',
        body: { ...type, isRequired: false },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [PROCEDURE_TYPE_LIST_TAG]),
    }),
    /**
     * A pending procedure (add dialog) or a completed one (registration form). Refused because
     * the patient changed meanwhile (or was deleted), the patient is read again.
     */
    createProcedure: build.mutation<ProcedureRecord, CreateProcedureRequest & { idempotencyKey?: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/procedures',
        method: 'POST',
        body,
        idempotencyKey,
      }),
      invalidatesTags: (_result, error, { patientId }) => tagsAfterPatientWrite(error, patientId),
    }),
    /**
     * Ticking, unticking or re-dating a procedure (§4). Refused as stale (someone else changed
     * it) or deleted, the patient is read again, so that the page shows what is now recorded.
     */
    updateProcedure: build.mutation<ProcedureRecord, UpdateProcedureArgs>({
      query: ({ id, changes }) => ({
        url: `/api/procedures/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_result, error, { patientId }) => tagsAfterPatientWrite(error, patientId),
    }),
    /** 'Mark all' on the lab exams: every pending pre-operative lab exam completed in one command. */
    completePendingLabs: build.mutation<CompletePendingLabsResponse, CompletePendingLabsArgs>({
      query: ({ patientId, completedDate }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/procedures/complete-pending-labs`,
        method: 'POST',
        body: completedDate ? { completedDate } : {},
      }),
      invalidatesTags: (_result, error, { patientId }) => tagsAfterPatientWrite(error, patientId),
    }),
  }),
});

export const {
  useGetProcedureTypesQuery,
  useCreateProcedureTypeMutation,
  useCreateProcedureMutation,
  useUpdateProcedureMutation,
  useCompletePendingLabsMutation,
} = proceduresApi;
