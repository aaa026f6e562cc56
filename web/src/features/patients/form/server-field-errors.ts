import { isApiError } from '../../../app/http-client.ts';
import type { PatientFormValues } from './patient-form-values.ts';

const FORM_FIELDS: ReadonlySet<string> = new Set<keyof PatientFormValues>([
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
]);

/**
 * The field messages of a 400 answer (`{message, errors: {field: message}}`) that belong to a
 * form field, so the server's refusal shows under the field as the client's own would.
 */
export function serverFieldErrors(error: unknown): [keyof PatientFormValues, string][] {
  if (!isApiError(error) || error.status !== 400) return [];
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([path, message]) => {
    const field = path.split('.')[0] ?? '';
    return FORM_FIELDS.has(field) && typeof message === 'string'
      ? [[field as keyof PatientFormValues, message] as [keyof PatientFormValues, string]]
      : [];
  });
}
