import { patientForm } from '@bari/contracts/testing';
import type { PatientFormInput } from '@bari/contracts';
import type { TestClient, TestResponse } from './http-client.ts';

/* Request helpers of the patients-*.int.test.ts files (the forms come from `@bari/contracts/testing`). */

/** The body of `DELETE /api/patients/:id`: a deletion says why. */
export const DELETION = { reason: 'Cadastro em duplicidade, feito por engano' } as const;

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
