import { clinicToday } from '@bari/contracts';
import { patientForm, type Dataset } from './dataset.ts';
import { jsonHeaders, type ApiClient } from './http-client.ts';
import { measureHttp, type HttpFigures } from './http-load.ts';
import { ESTABLISHMENTS, PROFESSIONALS } from './names.ts';

export interface CommandFigures {
  readonly registerPatient: HttpFigures;
  readonly completeProcedure: HttpFigures;
}

/**
 * The two writes staff make most, under `clients` concurrent clients, each request distinct:
 * ticking a pending procedure (each one once, round-robin over patients) and registering a
 * new patient (a CPF never used in the run: indexes after the seeded ones).
 */
export async function measureCommands(
  api: ApiClient,
  dataset: Dataset,
  seeded: { readonly patients: number; readonly pendingProcedureIds: readonly string[] },
  options: { readonly clients: number; readonly seconds: number },
): Promise<CommandFigures> {
  const base = {
    baseUrl: api.baseUrl,
    clients: options.clients,
    seconds: options.seconds,
    headers: jsonHeaders(api.baseUrl, api.cookie),
  };
  const today = clinicToday(new Date());
  let procedure = 0;
  const completeProcedure = await measureHttp({
    ...base,
    method: 'PATCH',
    path: `/api/procedures/${seeded.pendingProcedureIds[0]}`,
    maxRequests: seeded.pendingProcedureIds.length,
    next: () => ({
      path: `/api/procedures/${seeded.pendingProcedureIds[procedure++ % seeded.pendingProcedureIds.length]}`,
      body: {
        status: 'completed',
        completedDate: today,
        location: ESTABLISHMENTS[procedure % ESTABLISHMENTS.length],
        professionalName: PROFESSIONALS[procedure % PROFESSIONALS.length],
      },
    }),
  });
  let person = seeded.patients;
  const registerPatient = await measureHttp({
    ...base,
    method: 'POST',
    path: '/api/patients',
    next: () => ({ body: patientForm(dataset, person++) }),
  });
  return { registerPatient, completeProcedure };
}
