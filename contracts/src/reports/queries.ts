import { z } from 'zod';
import { ClinicalDateSchema } from '../protocol/dates.ts';
import { CustomReportFieldsParamSchema } from './fields.ts';
import { reportMessages as m } from './messages.ts';

/** An optional query-string date: absent or '' → undefined; otherwise `yyyy-MM-dd`. */
const OptionalQueryDateSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(ClinicalDateSchema.optional());

/** A municipality in a query: its IBGE code or its label ('Bom Jesus (PI)'); blank = all. */
const OptionalMunicipalityParamSchema = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value && value !== 'all' ? value : undefined));

/** `startDate` / `endDate`, each optional, in order when both are given. */
export const ReportDateRangeSchema = z
  .object({ startDate: OptionalQueryDateSchema, endDate: OptionalQueryDateSchema })
  .refine((range) => !range.startDate || !range.endDate || range.startDate <= range.endDate, {
    message: m.datesReversed,
    path: ['endDate'],
  });
export type ReportDateRange = z.infer<typeof ReportDateRangeSchema>;

/** `GET /api/reports/individual?patient&startDate&endDate`. */
export const IndividualReportQuerySchema = z
  .object({
    patient: z
      .string({ required_error: m.patientRequired, invalid_type_error: m.patientRequired })
      .trim()
      // Ids are written lower-case: an upper-case one would be audited as no patient's.
      .toLowerCase()
      .min(1, m.patientRequired),
  })
  .and(ReportDateRangeSchema);
export type IndividualReportQuery = z.infer<typeof IndividualReportQuerySchema>;

/** `GET /api/reports/municipal?municipality&startDate&endDate` (no municipality = all). */
export const MunicipalReportQuerySchema = z
  .object({ municipality: OptionalMunicipalityParamSchema })
  .and(ReportDateRangeSchema);
export type MunicipalReportQuery = z.infer<typeof MunicipalReportQuerySchema>;

/** What the custom report's rows are fetched for: printed ('Gerar PDF') or a spreadsheet file. */
export const CustomReportFormatSchema = z.enum(['print', 'spreadsheet'], {
  errorMap: () => ({ message: m.formatInvalid }),
});
export type CustomReportFormat = z.infer<typeof CustomReportFormatSchema>;

/**
 * `GET /api/reports/custom?fields=name,cpf,…&municipality=&format=`. The format is recorded in
 * the audit trail (a spreadsheet is a file of patients' data leaving the system); absent for
 * other clients.
 */
export const CustomReportQuerySchema = z.object({
  fields: CustomReportFieldsParamSchema,
  municipality: OptionalMunicipalityParamSchema,
  format: CustomReportFormatSchema.optional(),
});
export type CustomReportQuery = z.infer<typeof CustomReportQuerySchema>;
