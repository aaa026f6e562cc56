import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientRegistered, type MunicipalityStatistic } from '@bari/contracts';
import { patientDetails, patientForm, validCpf } from '@bari/contracts/testing';
import { appendEvents, startTestApp, type TestApp } from './support/test-app.ts';
import { signInAs, type TestClient } from './support/http-client.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';
import { register } from './support/patient-requests.ts';

/*
 * Patients registered before a later IBGE list renamed their municipality keep the old name
 * in their events ('Parati'); those registered since carry the new one ('Paraty'). Same code:
 * one municipality in every report, under the current name.
 */

const PARATY = { ibgeCode: '3303807', name: 'Paraty', uf: 'RJ' };
const PARATI = { ...PARATY, name: 'Parati' };
/** Sorts between the two spellings ('Parati' < 'Paratinga' < 'Paraty'). */
const PARATINGA = { ibgeCode: '2923704', name: 'Paratinga', uf: 'BA' };
/** A code the current list does not know: named as its patients spell it. */
const UNLISTED = { ibgeCode: '1234567', name: 'Vila Extinta', uf: 'GO' };

let app: TestApp;
let staff: TestClient;

/** Registers a patient as an older release did: straight into the log, past today's validation. */
async function registeredEarlier(name: string, cpf: string, municipality: typeof PARATI): Promise<void> {
  const patientId = randomUUID();
  const { position } = await appendEvents(app, `patient-${patientId}`, [
    PatientRegistered.create({ patientId, ...patientDetails({ name, cpf, municipality }) }),
  ]);
  await app.deps.waitForProjections(position);
}

beforeAll(async () => {
  app = await startTestApp();
  staff = (await signInAs(app, 'approved')).client;
  await register(
    staff,
    patientForm({ name: 'Bruna Nova', cpf: validCpf(330000001), cns: null, municipality: PARATY }),
  );
  await register(
    staff,
    patientForm({ name: 'Carla Meio', cpf: validCpf(330000002), cns: null, municipality: PARATINGA }),
  );
  await registeredEarlier('Alice Antiga', validCpf(330000003), PARATI);
  await registeredEarlier('Davi Distante', validCpf(330000004), UNLISTED);
});
afterAll(async () => {
  await app?.stop();
});

const pdfOf = async (path: string) => {
  const response = await fetchBytes(staff, path);
  expect(response.status, path).toBe(200);
  return (await pdfText(response.bytes)).text;
};

describe('a municipality renamed by a later IBGE list', () => {
  it('is one municipality in the statistics, under its current name', async () => {
    const rows = (await staff.get('/api/reports/municipality')).body as MunicipalityStatistic[];
    expect(rows.map((row) => [row.municipality, row.ibgeCode, row.totalPatients])).toEqual([
      ['Paratinga', PARATINGA.ibgeCode, 1],
      ['Paraty', PARATY.ibgeCode, 2],
      ['Vila Extinta', UNLISTED.ibgeCode, 1],
    ]);
  });

  it('is one group of the municipal PDF, with one subtotal, however it is asked for', async () => {
    const all = await pdfOf('/api/reports/municipal');
    expect(all).toContain('Subtotal — Paraty: 2 pacientes');
    expect(all).toContain('Subtotal — Paratinga: 1 paciente');
    expect(all).not.toMatch(/Parati\b/);
    for (const municipality of [PARATY.ibgeCode, 'paraty', 'Paraty/RJ']) {
      const text = await pdfOf(`/api/reports/municipal?municipality=${encodeURIComponent(municipality)}`);
      expect(text, municipality).toContain('Município: Paraty');
      expect(text, municipality).toContain('Alice Antiga');
      expect(text, municipality).toContain('Bruna Nova');
      expect(text, municipality).toContain('Subtotal — Paraty: 2 pacientes');
      expect(text, municipality).not.toContain('Carla Meio');
    }
  });

  it('is found by its code in the custom report, every patient under the current name', async () => {
    const response = await staff.get(
      `/api/reports/custom?fields=name,municipality&municipality=${PARATY.ibgeCode}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'Alice Antiga', municipality: 'Paraty' },
      { name: 'Bruna Nova', municipality: 'Paraty' },
    ]);
  });

  it('finds the patients of a code the current list does not know, named as they spell it', async () => {
    const text = await pdfOf(`/api/reports/municipal?municipality=${UNLISTED.ibgeCode}`);
    expect(text).toContain('Município: Vila Extinta');
    expect(text).toContain('Davi Distante');
    const custom = await staff.get(
      `/api/reports/custom?fields=name,municipality&municipality=${UNLISTED.ibgeCode}`,
    );
    expect(custom.status).toBe(200);
    expect(custom.body).toEqual([{ name: 'Davi Distante', municipality: 'Vila Extinta' }]);
    // A code nobody lives in and the list does not know is still nowhere.
    expect((await staff.get('/api/reports/municipal?municipality=7654321')).status).toBe(404);
  });
});
