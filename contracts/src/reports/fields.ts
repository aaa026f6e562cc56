import { z } from 'zod';
import { reportMessages as m } from './messages.ts';

/** §3 — the custom report's fields, in the order the screen lists them, with their labels. */
export const CUSTOM_REPORT_FIELDS = [
  'name',
  'cpf',
  'cns',
  'municipality',
  'admissionDate',
  'dischargeDate',
  'surgeryLocation',
  'surgeonName',
  'aihNumber',
  'sisregCode',
] as const;
export const CustomReportFieldSchema = z.enum(CUSTOM_REPORT_FIELDS);
export type CustomReportField = z.infer<typeof CustomReportFieldSchema>;

export const CUSTOM_REPORT_FIELD_LABELS: Readonly<Record<CustomReportField, string>> = {
  name: 'Nome do Paciente',
  cpf: 'CPF',
  cns: 'CNS',
  municipality: 'Município',
  admissionDate: 'Data de Internação',
  dischargeDate: 'Data de Alta',
  surgeryLocation: 'Local da Cirurgia',
  surgeonName: 'Nome do Cirurgião',
  aihNumber: 'Número AIH',
  sisregCode: 'Código SISREG',
};

/** §3 — ticked when the screen opens. */
export const DEFAULT_CUSTOM_REPORT_FIELDS: readonly CustomReportField[] = ['name', 'municipality'];

/** Fields holding a `yyyy-MM-dd` date (shown dd/mm/yyyy on paper and in the spreadsheet). */
export const CUSTOM_REPORT_DATE_FIELDS: ReadonlySet<CustomReportField> = new Set([
  'admissionDate',
  'dischargeDate',
]);

/**
 * `fields=name,cpf,…`: a comma-separated list of known fields, at least one, each once, in
 * the order of `CUSTOM_REPORT_FIELDS` (the columns' order does not depend on the URL). The
 * parameter repeated (`fields=name&fields=cpf`, as forms send a list) is the same list: it was
 * refused as 'Selecione pelo menos um campo.' though fields were sent.
 */
export const CustomReportFieldsParamSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z
    .string({ required_error: m.fieldsRequired, invalid_type_error: m.fieldsRequired })
    .transform((value, context) => {
      const wanted = value
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      if (wanted.length === 0) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: m.fieldsRequired });
        return z.NEVER;
      }
      for (const field of wanted) {
        if (!CustomReportFieldSchema.safeParse(field).success) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: m.fieldUnknown(field) });
          return z.NEVER;
        }
      }
      return CUSTOM_REPORT_FIELDS.filter((field) => wanted.includes(field));
    }),
);
