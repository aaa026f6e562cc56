import { PatientFormFieldsSchema } from '@bari/contracts';
import { serverFieldErrors as fieldErrorsOf } from '../../../app/server-field-errors.ts';
import type { PatientFormValues } from './patient-form-values.ts';

/** The form's fields, as the contract's schema names them (one list, in `@bari/contracts`). */
const FORM_FIELDS = Object.keys(PatientFormFieldsSchema.shape) as (keyof PatientFormValues)[];

/**
 * The field messages of a 400 answer (`{message, errors: {field: message}}`) that belong to the
 * patient form, so the server's refusal shows under the field as the client's own would.
 */
export function serverFieldErrors(error: unknown): [keyof PatientFormValues, string][] {
  return fieldErrorsOf(error, FORM_FIELDS);
}
