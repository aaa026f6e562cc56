import { digitsOfIdentifier, isValidCns } from '@bari/contracts';
import { useWatch, type Control } from 'react-hook-form';
import { useGetPatientsQuery } from '../patients-api.ts';
import { patientsMessages as m } from '../messages.ts';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';

/** The CNS as stored: its digits, without the spaces or dots it may be typed with. */
const cnsDigits = (value: unknown): string | null =>
  typeof value === 'string' ? digitsOfIdentifier(value) : null;

/**
 * A warning under the CNS when another patient already has it: the card belongs to one person,
 * and a second record splits that person's follow-up. Said while typing, naming the holder;
 * the server refuses the save (DUPLICATE_CNS). The list's search finds the holder once the CNS
 * is whole and valid.
 */
export function useCnsInUseWarning(
  control: Control<PatientFormValues, unknown, PatientFormOutput>,
  patientId: string | undefined,
): (value: string) => string | null {
  const digits = cnsDigits(useWatch({ control, name: 'cns' }));
  const complete = digits !== null && isValidCns(digits);
  const { data } = useGetPatientsQuery({ search: digits ?? '', page: 1, pageSize: 5 }, { skip: !complete });
  const holder = complete ? data?.rows.find((row) => row.cns === digits && row.id !== patientId) : undefined;
  return (value) => (holder && cnsDigits(value) === digits ? m.cnsInUse(holder.name) : null);
}
