import { serverFieldErrors as fieldErrorsOf } from '../../../app/server-field-errors.ts';
import type { PatientFormValues } from './patient-form-values.ts';

const FORM_FIELDS: readonly (keyof PatientFormValues)[] = [
  'name',
  'cpf',
  'cns',
  'municipality',
  'admissionDate',
  'dischargeDate',
  'surgeryDate',
  'surgeryLocation',
  'surgeonName',
  'aihNumber',
  'sisregCode',
  'notes',
];

/**
 * The field messages of a 400 answer (`{message, errors: {field: message}}`) that belong to the
 * patient form, so the server's refusal shows under the field as the client's own would.
 */
export function serverFieldErrors(error: unknown): [keyof PatientFormValues, string][] {
  return fieldErrorsOf(error, FORM_FIELDS);
}
