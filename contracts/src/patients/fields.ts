import { z } from 'zod';
import { isValidCns, CNS_MAX_LENGTH } from '../identifiers/cns.ts';
import { isValidCpf, normalizeCpf } from '../identifiers/cpf.ts';
import { onlyDigits } from '../identifiers/digits.ts';
import { MunicipalityRefSchema, MunicipalitySchema } from '../identifiers/municipalities.ts';
import { ClinicalDateInputSchema } from '../protocol/dates.ts';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.ts';
import { patientMessages as m } from './messages.ts';

/*
 * Field schemas shared by the web forms (zodResolver) and the server. Each one is an
 * idempotent normaliser — parsing its own output gives the same output. They validate what
 * people send (forms, requests); what was stored (events) is read with the shape-only
 * `PatientDetailsSchema`. One message per field at a time: `pipe` runs the format check only
 * once "required" has passed.
 */

export const TEXT_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;

/** Required one-line text, trimmed: blank → `required`; control characters refused. */
export function requiredText(required: string, max = TEXT_MAX_LENGTH) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, m.textTooLong(max))
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE);
}

/**
 * Optional text, trimmed: absent, null and '' (an emptied input) all become null. Control
 * characters refused, but for tab and line breaks in `multiLine` text (notes).
 */
export function optionalText(max = TEXT_MAX_LENGTH, options: { readonly multiLine?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .refine((text) => !hasUnsafeCharacters(text, options), UNSAFE_TEXT_MESSAGE)
    .nullish()
    .transform((value) => value || null);
}

/** A required `yyyy-MM-dd` date: blank → `required`, malformed → 'Data inválida'. */
export function requiredDate(
  required: string,
  date: z.ZodType<string, z.ZodTypeDef, string> = ClinicalDateInputSchema,
) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .pipe(date);
}

/** An optional `yyyy-MM-dd` date; absent, null and '' become null. */
export const OptionalDateSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(ClinicalDateInputSchema.nullable());

/** An optional identifier: trimmed, blank → null, otherwise (length, then) `check` (§5, protocol-catalog). */
function optionalIdentifier(
  check: z.ZodType<string, z.ZodTypeDef, string>,
  maxLength?: { max: number; message: string },
) {
  const text = maxLength ? z.string().trim().max(maxLength.max, maxLength.message) : z.string().trim();
  return text
    .nullish()
    .transform((value) => value || null)
    .pipe(check.nullable());
}

/** CPF: required, check digits (§5); masked or bare on input, the 11 digits on output. */
export const CpfSchema = z
  .string({ required_error: m.cpfRequired, invalid_type_error: m.cpfRequired })
  .trim()
  .min(1, m.cpfRequired)
  .pipe(z.string().refine(isValidCpf, m.cpfInvalid).transform(normalizeCpf));

/** CNS: optional, at most 15 characters, then its check digits. */
export const CnsSchema = optionalIdentifier(
  z.string().refine(isValidCns, m.cnsInvalid).transform(onlyDigits),
  {
    max: CNS_MAX_LENGTH,
    message: m.cnsTooLong,
  },
);

/** AIH number: optional, 13 digits. A wrong check digit is only a warning (`aihCheckDigitWarning`). */
export const AihNumberSchema = optionalIdentifier(z.string().regex(/^\d{13}$/, m.aihInvalid));

/** SISREG request code: optional, 6 to 12 digits. */
export const SisregCodeSchema = optionalIdentifier(z.string().regex(/^\d{6,12}$/, m.sisregInvalid));

/** A patient id (UUID, chosen by the server at registration). */
export const PatientIdSchema = z.string().uuid();
export type PatientId = z.infer<typeof PatientIdSchema>;

/**
 * The patient form's fields (§5 plus 'Data da Cirurgia'), without the rules that span fields:
 * the base of `PatientFormSchema` and of the partial `UpdatePatientRequestSchema`.
 * The municipality must be on the IBGE list.
 */
export const PatientFormFieldsSchema = z.object({
  name: requiredText(m.nameRequired),
  cpf: CpfSchema,
  cns: CnsSchema,
  municipality: MunicipalitySchema,
  admissionDate: requiredDate(m.admissionDateRequired),
  dischargeDate: OptionalDateSchema,
  /** Base of the post-operative schedule (else the admission date). */
  surgeryDate: OptionalDateSchema,
  surgeryLocation: requiredText(m.surgeryLocationRequired),
  surgeonName: requiredText(m.surgeonNameRequired),
  aihNumber: AihNumberSchema,
  sisregCode: SisregCodeSchema,
  notes: optionalText(NOTES_MAX_LENGTH, { multiLine: true }),
});

/** A rule that spans fields, broken: the field it is shown under and its message. */
export interface PatientDateIssue {
  readonly field: 'dischargeDate' | 'surgeryDate';
  readonly message: string;
}

/**
 * The patient's dates out of order: discharge or surgery before admission. Dates are
 * `yyyy-MM-dd`, so comparing the texts compares the days; a missing date breaks nothing.
 */
export function patientDateIssues(dates: {
  readonly admissionDate?: string | null | undefined;
  readonly dischargeDate?: string | null | undefined;
  readonly surgeryDate?: string | null | undefined;
}): PatientDateIssue[] {
  const { admissionDate, dischargeDate, surgeryDate } = dates;
  if (!admissionDate) return [];
  const issues: PatientDateIssue[] = [];
  if (dischargeDate && dischargeDate < admissionDate) {
    issues.push({ field: 'dischargeDate', message: m.dischargeBeforeAdmission });
  }
  if (surgeryDate && surgeryDate < admissionDate) {
    issues.push({ field: 'surgeryDate', message: m.surgeryBeforeAdmission });
  }
  return issues;
}

/** Adds `patientDateIssues` to a parse, each under its field (where the form shows it). */
export function refinePatientDates(
  value: Parameters<typeof patientDateIssues>[0],
  context: z.RefinementCtx,
): void {
  for (const issue of patientDateIssues(value)) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
  }
}

/**
 * The patient form, new and edit, and `POST /api/patients`: the fields' rules, then the
 * discharge and surgery dates not before the admission date.
 */
export const PatientFormSchema = PatientFormFieldsSchema.superRefine(refinePatientDates);
export type PatientFormInput = z.input<typeof PatientFormSchema>;
export type PatientForm = z.infer<typeof PatientFormSchema>;

/** `yyyy-MM-dd` by shape only (no calendar or range check): what a stored event may hold. */
export const StoredDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A patient's fields as stored (events) and returned (DTOs): shapes only — strings, nulls,
 * `yyyy-MM-dd` dates. The form's rules (CPF and CNS check digits, AIH and SISREG formats,
 * the IBGE list, date order) are checked on commands (`PatientFormSchema`), never on what was
 * stored, so an event stays readable whatever a later release tightens.
 */
export const PatientDetailsSchema = z.object({
  name: z.string(),
  cpf: z.string(),
  cns: z.string().nullable(),
  municipality: MunicipalityRefSchema,
  admissionDate: StoredDateSchema,
  dischargeDate: StoredDateSchema.nullable(),
  surgeryDate: StoredDateSchema.nullable(),
  surgeryLocation: z.string(),
  surgeonName: z.string(),
  aihNumber: z.string().nullable(),
  sisregCode: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PatientDetails = z.infer<typeof PatientDetailsSchema>;

/** Labels of the patient fields (§3 custom report, plus the fields that report does not list). */
export const PATIENT_FIELD_LABELS: Readonly<Record<keyof PatientDetails, string>> = {
  name: 'Nome do Paciente',
  cpf: 'CPF',
  cns: 'CNS',
  municipality: 'Município',
  admissionDate: 'Data de Internação',
  dischargeDate: 'Data de Alta',
  surgeryDate: 'Data da Cirurgia',
  surgeryLocation: 'Local da Cirurgia',
  surgeonName: 'Nome do Cirurgião',
  aihNumber: 'Número AIH',
  sisregCode: 'Código SISREG',
  notes: 'Observações',
};
