import { z } from 'zod';
import { PatientDetailsSchema, PatientIdSchema } from './fields.ts';
import { ProcedureRecordSchema } from './procedure.ts';
import { PatientStatusSchema } from './progress.ts';
import { optionalSearchText, queryInteger } from '../validation/request-values.ts';
import { isValidCns } from '../identifiers/cns.ts';
import { isValidCpf } from '../identifiers/cpf.ts';
import { patientMessages as m } from './messages.ts';

/** A patient as the API returns it: its fields, id, `version` (the stream revision, for If-Match). */
export const PatientDtoSchema = PatientDetailsSchema.extend({
  id: PatientIdSchema,
  version: z.number().int().min(0),
  /** When it was registered (ISO instant): the list shows the newest first. */
  registeredAt: z.string().datetime({ offset: true }),
});
export type PatientDto = z.infer<typeof PatientDtoSchema>;

/** Real progress and the derived status, computed at read time (`progressPercentage`, `derivePatientStatus`). */
export const PatientProgressSchema = z.object({
  status: PatientStatusSchema,
  /** Completed / all procedures × 100, rounded (§4). */
  progress: z.number().int().min(0).max(100),
  completedProcedures: z.number().int().min(0),
  totalProcedures: z.number().int().min(0),
});
export type PatientProgress = z.infer<typeof PatientProgressSchema>;

/** A row of `GET /api/patients`: every patient field (the reports read the list) plus progress. */
export const PatientListRowSchema = PatientDtoSchema.merge(PatientProgressSchema);
export type PatientListRow = z.infer<typeof PatientListRowSchema>;

export const PatientListSortSchema = z.enum(['name', 'admissionDate', 'progress', 'registeredAt']);
export type PatientListSort = z.infer<typeof PatientListSortSchema>;

/** The last page `GET /api/patients` serves: far beyond any real list at 1 to 200 rows a page. */
export const MAX_PATIENT_LIST_PAGE = 100_000;

/** `GET /api/patients?search&status&page&pageSize&sort&direction`; the total travels in `X-Total-Count`. */
/** Why a lookup of patients was made, beyond showing them (`PatientListQuerySchema.purpose`). */
export const PatientLookupPurposeSchema = z.enum(['identifier_check']);
export type PatientLookupPurpose = z.infer<typeof PatientLookupPurposeSchema>;

export const PatientListQuerySchema = z
  .object({
    /** Name and municipality (case- and accent-insensitive), CNS (substring). */
    search: optionalSearchText(),
    /** 'all' (the filter's first option) means no filter. */
    status: z
      .union([PatientStatusSchema, z.literal('all')])
      .optional()
      .transform((value) => (value === 'all' ? undefined : value)),
    /** Bounded so that the offset stays a small integer (1e20 would overflow bigint: a 500). */
    page: queryInteger({ min: 1, max: MAX_PATIENT_LIST_PAGE }).default(1),
    pageSize: queryInteger({ min: 1, max: 200 }).default(50),
    /** Order of the list: name (pt-BR collation, the default), admission, progress or registration. */
    sort: PatientListSortSchema.default('name'),
    /** Ascending by default for name, descending for the others (newest, most advanced first). */
    direction: z.enum(['asc', 'desc']).optional(),
    /**
     * Why the list is read, when not to be shown (for the audit trail): `identifier_check`, the
     * patient form's check that a CPF or CNS typed is not another patient's.
     */
    purpose: PatientLookupPurposeSchema.optional(),
  })
  .superRefine((query, context) => {
    // Only a whole CPF or CNS is checked so: a name searched under that label would read as a check.
    if (query.purpose === 'identifier_check' && !isWholeIdentifier(query.search)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['purpose'],
        message: m.identifierCheckNeedsWhole,
      });
    }
  });
export type PatientListQuery = z.infer<typeof PatientListQuerySchema>;

const isWholeIdentifier = (search: string | undefined): boolean =>
  search !== undefined && /^\d+$/.test(search) && (isValidCpf(search) || isValidCns(search));

/** A procedure in a response: the stored record plus `overdue`, computed at read time. */
export const PatientProcedureDtoSchema = ProcedureRecordSchema.extend({ overdue: z.boolean() });
export type PatientProcedureDto = z.infer<typeof PatientProcedureDtoSchema>;

/** `GET /api/patients/:id`: the patient, its progress and its procedures with their types. */
export const PatientDetailDtoSchema = PatientListRowSchema.extend({
  procedures: z.array(PatientProcedureDtoSchema),
});
export type PatientDetailDto = z.infer<typeof PatientDetailDtoSchema>;

/** `GET /api/statistics`; overdue = pending with a scheduled date before today (São Paulo). */
export const StatisticsDtoSchema = z.object({
  totalPatients: z.number().int().min(0),
  completedProcedures: z.number().int().min(0),
  pendingProcedures: z.number().int().min(0),
  overdueProcedures: z.number().int().min(0),
});
export type StatisticsDto = z.infer<typeof StatisticsDtoSchema>;

/** Answer of 'Mark all' on the lab exams: how many were completed (the toast shows it). */
export const CompletePendingLabsResponseSchema = z.object({ completed: z.number().int().min(0) });
export type CompletePendingLabsResponse = z.infer<typeof CompletePendingLabsResponseSchema>;

/** `POST /api/admin/run-migration` ('Atualizar Procedimentos'). */
export const RunMigrationResponseSchema = z.object({
  message: z.string(),
  added: z.number().int().min(0),
  /** Patients the run could not update (their stream unreadable or the command refused). */
  skipped: z.number().int().min(0),
});
export type RunMigrationResponse = z.infer<typeof RunMigrationResponseSchema>;

/**
 * `POST /api/admin/fix-production-data`: one Portuguese line per correction, one per required
 * type listed more than once whose copies each hold a record (kept, for the team to review),
 * and one per patient the run could not read.
 */
export const FixProductionDataResponseSchema = z.object({
  corrections: z.array(z.string()),
  toReview: z.array(z.string()),
  /** One line per patient whose history could not be read (nothing checked there), at most 50 and a count. */
  skippedPatients: z.array(z.string()),
});
export type FixProductionDataResponse = z.infer<typeof FixProductionDataResponseSchema>;
