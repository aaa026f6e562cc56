import { z } from 'zod';
import { MunicipalitySchema } from '../identifiers/municipalities.ts';
import { isClinicalDate } from '../protocol/dates.ts';
import {
  AihNumberSchema,
  CnsSchema,
  compatibleForm,
  CpfSchema,
  hasNameLetters,
  isPrintableName,
  nameNotPrintableMessage,
  NOTES_MAX_LENGTH,
  OptionalDateSchema,
  optionalText,
  requiredDate,
  requiredText,
  SisregCodeSchema,
} from './fields.ts';
import { patientMessages as m } from './messages.ts';

/*
 * The patient form and its requests. Apart from fields.ts because the municipality is checked
 * against the IBGE list (5,571 names): the web app loads this with the form only, not with
 * every screen that shows a patient (issue 11, the first-load budget).
 */

/**
 * The patient form's fields (§5 plus 'Data da Cirurgia'), without the rules that span fields:
 * the base of `PatientFormSchema` and of the partial `UpdatePatientRequestSchema`.
 * The municipality must be on the IBGE list.
 */
export const PatientFormFieldsSchema = z.object({
  name: requiredText(m.nameRequired)
    .transform(compatibleForm)
    .refine(hasNameLetters, m.nameTooShort)
    .superRefine((name, context) => {
      if (!isPrintableName(name))
        context.addIssue({ code: 'custom', message: nameNotPrintableMessage(name) });
    }),
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
 * The patient's dates out of order: discharge or surgery before admission, discharge before
 * surgery. Dates are `yyyy-MM-dd`, so comparing the texts compares the days; a missing date
 * breaks nothing, nor does one that is not a day ('2026-02-30' is refused as such, under its
 * own field, not compared with the others).
 */
export function patientDateIssues(dates: {
  readonly admissionDate?: string | null | undefined;
  readonly dischargeDate?: string | null | undefined;
  readonly surgeryDate?: string | null | undefined;
}): PatientDateIssue[] {
  const day = (date: string | null | undefined) => (date && isClinicalDate(date) ? date : undefined);
  const [admissionDate, dischargeDate, surgeryDate] = [
    day(dates.admissionDate),
    day(dates.dischargeDate),
    day(dates.surgeryDate),
  ];
  if (!admissionDate) return [];
  const issues: PatientDateIssue[] = [];
  if (dischargeDate && dischargeDate < admissionDate) {
    issues.push({ field: 'dischargeDate', message: m.dischargeBeforeAdmission });
  }
  if (surgeryDate && surgeryDate < admissionDate) {
    issues.push({ field: 'surgeryDate', message: m.surgeryBeforeAdmission });
  }
  if (dischargeDate && surgeryDate && dischargeDate < surgeryDate && dischargeDate >= admissionDate) {
    issues.push({ field: 'dischargeDate', message: m.dischargeBeforeSurgery });
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

/** `POST /api/patients`: the patient form. */
export const RegisterPatientRequestSchema = PatientFormSchema;
export type RegisterPatientRequest = z.infer<typeof RegisterPatientRequestSchema>;

/** The revision the client saw ('version' in responses); a different current one → 409. */
export const PatientVersionSchema = z.number().int().min(0);

/**
 * `PATCH /api/patients/:id`: any subset of the form's fields, plus the version the client
 * saw. The version (or an `If-Match` header instead) is required by the route: without
 * either it answers 428. Dates sent together are checked for order here; against the stored
 * ones, by the decider.
 */
export const UpdatePatientRequestSchema = PatientFormFieldsSchema.partial()
  .extend({ version: PatientVersionSchema.optional() })
  .superRefine(refinePatientDates);
export type UpdatePatientRequest = z.infer<typeof UpdatePatientRequestSchema>;
