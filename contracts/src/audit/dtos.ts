import { z } from 'zod';
import { AuditActionSchema, AuditEntityTypeSchema } from './actions.ts';
import { FieldChangeSchema } from './values.ts';
import { ProcedureCategorySchema } from '../protocol/categories.ts';
import { reportMessages } from '../reports/messages.ts';
import {
  optionalSearchText,
  queryInteger,
  requestInstant,
  requestUuid,
} from '../validation/request-values.ts';

/** An instant filter: ISO 8601 with an offset. */
const InstantSchema = requestInstant('Data e hora inválidas');

/**
 * The details of an audit entry (§3: a JSON that may hold `updatedFields` and `status`), with
 * what else an auditor needs: old → new values, the patient a procedure belongs to, and
 * other values of the event (reason, description…) as text.
 */
export const AuditDetailsSchema = z.object({
  updatedFields: z.array(z.string()).optional(),
  status: z.string().optional(),
  changes: z.array(FieldChangeSchema).optional(),
  patientId: z.string().optional(),
  patientName: z.string().nullable().optional(),
  values: z.record(z.string(), z.string().nullable()).optional(),
});
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

/** One row of `GET /api/audit-logs` (§3 audit log entry, plus ids for the filters). */
export const AuditLogEntryDtoSchema = z.object({
  /** The event's id: one entry per auditable event. */
  id: z.string(),
  timestamp: z.string().datetime({ offset: true }),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: AuditActionSchema,
  entityType: AuditEntityTypeSchema,
  entityId: z.string().nullable(),
  entityName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  details: AuditDetailsSchema.nullable(),
});
export type AuditLogEntryDto = z.infer<typeof AuditLogEntryDtoSchema>;

/** `'all'` (the filters' first option) and empty mean no filter. */
const optionalFilter = <Schema extends z.ZodTypeAny>(schema: Schema) =>
  z
    .union([z.literal('all'), z.literal(''), schema])
    .optional()
    .transform((value): z.output<Schema> | undefined =>
      value === 'all' || value === '' || value === undefined ? undefined : (value as z.output<Schema>),
    );

/**
 * Set on a page of `GET /api/audit-logs` whose text search matched more entries than the
 * server counts: `X-Total-Count` is then a lower bound ("mais de 1.000 registros").
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';

/** The last page one may ask for (10 million entries at 200 a page). */
export const MAX_AUDIT_LOG_PAGE = 50_000;

/** `GET /api/audit-logs?search&action&entityType&userId&from&to&page&pageSize`, newest first. */
export const AuditLogQuerySchema = z
  .object({
    /** User email, entity name and action label; case- and accent-insensitive substrings. */
    search: optionalSearchText(),
    action: optionalFilter(AuditActionSchema),
    entityType: optionalFilter(AuditEntityTypeSchema),
    userId: optionalFilter(requestUuid('Usuário inválido')),
    /** Inclusive bounds on the entry's timestamp. */
    from: optionalFilter(InstantSchema),
    to: optionalFilter(InstantSchema),
    /** Bounded like the patient list's: an absurd page is a 400, never a database overflow. */
    page: queryInteger({ min: 1, max: MAX_AUDIT_LOG_PAGE }).default(1),
    pageSize: queryInteger({ min: 1, max: 200 }).default(50),
  })
  // As the reports' periods: reversed bounds are a mistake to say, not an empty page.
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: reportMessages.datesReversed,
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** `GET /api/audit-logs/facets`: the values present in the whole log, for the filters. */
export const AuditFacetsDtoSchema = z.object({
  actions: z.array(AuditActionSchema),
  entityTypes: z.array(AuditEntityTypeSchema),
  users: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type AuditFacetsDto = z.infer<typeof AuditFacetsDtoSchema>;

/** A change one event made to one procedure of the patient. */
export const ProcedureHistoryChangeSchema = z.object({
  procedureId: z.string(),
  procedureName: z.string(),
  /** Its category: one name ('Consulta com cirurgião') is in several (pre-op, 1st month…). */
  procedureCategory: ProcedureCategorySchema,
  kind: z.enum(['added', 'changed', 'removed']),
  changes: z.array(FieldChangeSchema),
});
export type ProcedureHistoryChange = z.infer<typeof ProcedureHistoryChangeSchema>;

/** One event of `GET /api/patients/:id/history` (newest first). */
export const PatientHistoryEntryDtoSchema = z.object({
  revision: z.number().int().min(0),
  timestamp: z.string().datetime({ offset: true }),
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The first of `actions`. */
  action: AuditActionSchema,
  /**
   * What the command did, event by event: its actions in order, each with how many events had
   * it ('Atualizar Paciente' then 53 'Reagendar Procedimento' for a surgery date moved).
   */
  actions: z.array(z.object({ action: AuditActionSchema, count: z.number().int().min(1) })).min(1),
  /** Patient fields changed (`PATIENT_FIELD_LABELS` names them). */
  changes: z.array(FieldChangeSchema),
  procedures: z.array(ProcedureHistoryChangeSchema),
  /** A deletion's reason, as typed (absent on other events and on deletions written before it was asked). */
  deletionReason: z.string().optional(),
});
export type PatientHistoryEntryDto = z.infer<typeof PatientHistoryEntryDtoSchema>;

/** `GET /api/patients/:id?asOf=<ISO instant>`. */
export const PatientAsOfQuerySchema = z.object({ asOf: InstantSchema.optional() });

/** `GET /api/audit-logs/integrity`: the hash-chained log's head and its last verification. */
export const AuditIntegrityDtoSchema = z.object({
  /** False when events live in EventStoreDB (the hash chain is the PostgreSQL store's). */
  available: z.boolean(),
  head: z.object({ position: z.string(), hash: z.string() }).nullable(),
  lastVerification: z
    .object({
      verifiedAt: z.string().datetime({ offset: true }),
      headPosition: z.string().nullable(),
      headHash: z.string().nullable(),
      brokenPosition: z.string().nullable(),
    })
    .nullable(),
});
export type AuditIntegrityDto = z.infer<typeof AuditIntegrityDtoSchema>;
