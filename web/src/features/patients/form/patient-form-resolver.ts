import { PatientFormSchema, isClinicalDate, patientDateIssues } from '@bari/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';

const fieldsResolver = zodResolver<PatientFormValues, unknown, PatientFormOutput>(PatientFormSchema);

const dateOrUndefined = (value: unknown): string | undefined =>
  typeof value === 'string' && isClinicalDate(value) ? value : undefined;

/**
 * The patient form's checks, all at once: zod runs the rule across fields (dates out of order)
 * only once every field passes, so a nurse who also mistyped the CPF met the dates' order only
 * on a second save. Here the order of the dates typed whole is added to the other errors, under
 * each date field that has none of its own.
 */
export const patientFormResolver: Resolver<PatientFormValues, unknown, PatientFormOutput> = async (
  values,
  context,
  options,
) => {
  const result = await fieldsResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors = { ...result.errors };
  const issues = patientDateIssues({
    admissionDate: dateOrUndefined(values.admissionDate),
    dischargeDate: dateOrUndefined(values.dischargeDate),
    surgeryDate: dateOrUndefined(values.surgeryDate),
  });
  for (const issue of issues) errors[issue.field] ??= { type: 'custom', message: issue.message };
  return { values: {}, errors };
};
