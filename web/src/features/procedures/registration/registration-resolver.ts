import { ProcedureRegistrationFormSchema, type ProcedureType } from '@bari/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { wrongSideOfSurgery } from '../surgery-side.ts';
import type { RegistrationFormOutput, RegistrationFormValues } from './registration-form-values.ts';

const fieldsResolver = zodResolver<RegistrationFormValues, unknown, RegistrationFormOutput>(
  ProcedureRegistrationFormSchema,
);

/**
 * The registration form's checks, with the one the server makes against the patient: a date on
 * the wrong side of the surgery for the type chosen is an error under the date, in red, and
 * nothing is sent (it showed as an amber warning and was sent to be refused).
 */
export function registrationResolver(
  typeOf: (procedureTypeId: string) => ProcedureType | undefined,
  surgeryDate: string | null,
): Resolver<RegistrationFormValues, unknown, RegistrationFormOutput> {
  return async (values, context, options) => {
    const result = await fieldsResolver(values, context, options);
    const type = typeOf(values.procedureTypeId);
    const problem = type ? wrongSideOfSurgery(type.phase, surgeryDate, values.completedDate) : null;
    if (!problem || result.errors.completedDate) return result;
    return {
      values: {},
      errors: { ...result.errors, completedDate: { type: 'surgery', message: problem } },
    };
  };
}
