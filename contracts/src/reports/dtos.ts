import { z } from 'zod';
import { CUSTOM_REPORT_FIELDS, type CustomReportField } from './fields.ts';

const Count = z.number().int().min(0);

/** What every statistics card and the municipal PDF count; overdue ⊂ pending (judged at read time). */
const ProcedureCountsSchema = z.object({
  totalPatients: Count,
  completedProcedures: Count,
  pendingProcedures: Count,
  overdueProcedures: Count,
  /** completed / (completed + pending) × 100, rounded; 0 when there are none. */
  completionRate: z.number().int().min(0).max(100),
});

/** One card of `GET /api/reports/municipality` (§3): `municipality` is the display label. */
export const MunicipalityStatisticSchema = ProcedureCountsSchema.extend({
  municipality: z.string(),
  ibgeCode: z.string().regex(/^\d{7}$/),
  uf: z.string().regex(/^[A-Z]{2}$/),
});
export type MunicipalityStatistic = z.infer<typeof MunicipalityStatisticSchema>;

/** One card of `GET /api/reports/establishment` (§3): the patients' surgery location. */
export const EstablishmentStatisticSchema = ProcedureCountsSchema.extend({ establishment: z.string() });
export type EstablishmentStatistic = z.infer<typeof EstablishmentStatisticSchema>;

/**
 * A row of `GET /api/reports/custom`: only the ticked fields (minimisation), each a string or
 * null (dates as `yyyy-MM-dd`, the CPF's 11 digits, the municipality's label). Strict, so a
 * field that was not asked for cannot slip into a response.
 */
export const CustomReportRowSchema = z
  .object(
    Object.fromEntries(
      CUSTOM_REPORT_FIELDS.map((field) => [field, z.string().nullable().optional()]),
    ) as Record<CustomReportField, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .strict();
export type CustomReportRow = z.infer<typeof CustomReportRowSchema>;
