import { clinicToday } from '@bari/contracts';
import { measureCommandLoad } from './command-load.ts';
import { patientForm, type Dataset } from './dataset.ts';
import { jsonHeaders, type ApiClient } from './http-client.ts';
import type { HttpFigures } from './http-load.ts';
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
  const completeProcedure = await measureCommandLoad({
    ...base,
    next: function completeProcedure() {
      const id = seeded.pendingProcedureIds[procedure];
      if (id === undefined) return undefined;
      procedure += 1;
      return {
        method: 'PATCH',
        path: `/api/procedures/${id}`,
        body: {
          status: 'completed',
          completedDate: today,
          location: ESTABLISHMENTS[procedure % ESTABLISHMENTS.length],
          professionalName: PROFESSIONALS[procedure % PROFESSIONALS.length],
        },
      };
    },
  });
  let person = seeded.patients;
  const registerPatient = await measureCommandLoad({
    ...base,
    next: function registerPatient() {
      return { method: 'POST', path: '/api/patients', body: patientForm(dataset, person++) };
    },
  });
  return { registerPatient, completeProcedure };
}
