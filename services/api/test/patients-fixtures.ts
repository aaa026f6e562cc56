import type { PatientFormInput } from '@bari/contracts';
import type { TestClient, TestResponse } from './support/http-client.ts';

/*
 * Shared by the patients-*.int.test.ts files: valid patient forms (CPFs and CNS from the
 * protocol catalogue's examples) and small request helpers.
 */

export const CPFS = ['390.533.447-05', '714.602.858-59', '280.012.389-38'] as const;
export const SALVADOR = { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' };
export const SAO_PAULO = { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' };
export const FEIRA = { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' };

export function patientForm(overrides: Partial<PatientFormInput> = {}): PatientFormInput {
  return {
    name: 'Maria da Conceição',
    cpf: CPFS[0],
    cns: '162709345180001',
    municipality: SALVADOR,
    admissionDate: '2025-01-08',
    dischargeDate: null,
    surgeryDate: '2025-01-10',
    surgeryLocation: 'Hospital Geral Roberto Santos',
    surgeonName: 'Dr. João Souza',
    aihNumber: '3525100001236',
    sisregCode: '123456789',
    notes: null,
    ...overrides,
  };
}

/** Registers a patient and fails loudly unless it was created. */
export async function register(
  client: TestClient,
  form: PatientFormInput = patientForm(),
): Promise<TestResponse> {
  const response = await client.post('/api/patients', form);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return response;
}

/** The `{message, errors}` body of a 400, reduced to its field errors. */
export const fieldErrors = (response: TestResponse): Record<string, string> =>
  (response.body as { errors?: Record<string, string> }).errors ?? {};

/** A valid CPF (check digits computed) from a 9-digit base: each test uses its own. */
export function cpf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}
