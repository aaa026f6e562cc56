import type { ProcedureRegistrationForm, ProcedureRegistrationFormInput } from '@bari/contracts';

export type RegistrationFormValues = ProcedureRegistrationFormInput;
export type RegistrationFormOutput = ProcedureRegistrationForm;

/** An empty registration form; the date defaults to today (São Paulo), as in the timeline. */
export function emptyRegistrationForm(today: string): RegistrationFormValues {
  return { procedureTypeId: '', completedDate: today, location: '', professionalName: '', notes: '' };
}
