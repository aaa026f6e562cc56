import { onlyDigits, type PatientLookupPurpose } from '@bari/contracts';
import type { AccessRecord } from '../audit/record-access.ts';
import { DuplicateCns, DuplicateCpf } from './errors.ts';

/**
 * What a refused registration or edit read: 'Já existe um paciente com este CPF' tells that the
 * person is a patient of the service, as surely as the list's search by that CPF does. It is
 * recorded as that search (`SEARCH_PATIENTS` by the value), once per value named, so an auditor
 * finds it by the CPF or CNS like the form's own check while typing. Nothing else is written.
 */
export function identifierLookupsOf(
  error: unknown,
  sent: { readonly cpf?: string | null; readonly cns?: string | null },
): AccessRecord[] {
  if (!(error instanceof DuplicateCpf || error instanceof DuplicateCns)) return [];
  const named = Object.keys(error.fieldErrors ?? {});
  const values = [
    named.includes('cpf') ? (error instanceof DuplicateCpf ? error.cpf : sent.cpf) : null,
    named.includes('cns') ? (error instanceof DuplicateCns ? error.cns : sent.cns) : null,
  ];
  return values.flatMap((value) =>
    value
      ? [
          {
            action: 'SEARCH_PATIENTS' as const,
            parameters: {
              search: onlyDigits(value),
              purpose: 'identifier_check' satisfies PatientLookupPurpose,
            },
          },
        ]
      : [],
  );
}
