import { digitsOfIdentifier, isValidCns, isValidCpf } from '@bari/contracts';
import { useWatch, type Control } from 'react-hook-form';
import { useGetPatientsQuery } from '../patients-api.ts';
import { patientsMessages as m } from '../messages.ts';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';

/** The identifier as stored: its digits, without the spaces, dots or hyphens it may be typed with. */
const digitsOf = (value: unknown): string | null =>
  typeof value === 'string' ? digitsOfIdentifier(value) : null;

/** Each identifier a patient holds alone: when it is whole, and what to say of its holder. */
const IDENTIFIERS = {
  cpf: { isWhole: isValidCpf, inUse: m.cpfInUse },
  cns: { isWhole: isValidCns, inUse: m.cnsInUse },
} as const;

/**
 * A warning under the CPF or the CNS when another patient already has it: each names one
 * person, and a second record splits that person's follow-up. Said while typing, naming the
 * holder; the server refuses the save (DUPLICATE_CPF, DUPLICATE_CNS). The list's search finds
 * the holder once the value is whole and valid (the CPF whole, the CNS by its digits). The
 * edited patient's own value, unchanged, is not looked up: it is its own, and each lookup is
 * recorded as a search in the audit trail ('Pesquisar Pacientes' nobody typed).
 */
export function useIdentifierInUseWarning(
  control: Control<PatientFormValues, unknown, PatientFormOutput>,
  patientId: string | undefined,
  field: keyof typeof IDENTIFIERS,
  own: string | null | undefined,
): (value: string) => string | null {
  const { isWhole, inUse } = IDENTIFIERS[field];
  const digits = digitsOf(useWatch({ control, name: field }));
  const complete = digits !== null && isWhole(digits) && digits !== digitsOf(own);
  const { data } = useGetPatientsQuery(
    { search: digits ?? '', page: 1, pageSize: 5, purpose: 'identifier_check' },
    { skip: !complete },
  );
  const holder = complete
    ? data?.rows.find((row) => row[field] === digits && row.id !== patientId)
    : undefined;
  return (value) => (holder && digitsOf(value) === digits ? inUse(holder.name) : null);
}
