import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLINICAL_DATE_TOO_LATE,
  UNSAFE_TEXT_MESSAGE,
  addDaysToDate,
  clinicToday,
  latestClinicalDate,
} from '@bari/contracts';
import { appendsNothing, startTestApp, type TestApp } from './support/test-app.ts';
import { signInAs, type TestClient } from './support/http-client.ts';
import { patientForm, validCpf as cpf } from '@bari/contracts/testing';
import { DELETION, fieldErrors, register } from './support/patient-requests.ts';

/*
 * Issue 10, items 1 to 4: a request that fails changed nothing, and every refusal is a 4xx
 * with a Portuguese message, never a 500.
 */

let app: TestApp;
let staff: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  staff = (await signInAs(app, 'approved')).client;
});
afterAll(async () => {
  await app?.stop();
});

async function asOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: app.ownerDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('item 1: clinical dates beyond today plus two years', () => {
  it('refuses a registration admitted on 2999-12-31 with a 400, writing nothing', async () => {
    const form = patientForm({ cpf: cpf(100000001), admissionDate: '2999-12-31', surgeryDate: null });
    const response = await appendsNothing(app, () => staff.post('/api/patients', form));
    expect(response.status).toBe(400);
    expect(fieldErrors(response).admissionDate).toBe(CLINICAL_DATE_TOO_LATE);
  });

  it('refuses a surgery date moved to 2999-12-31; the patient stays readable', async () => {
    const patient = (await register(staff, patientForm({ cpf: cpf(100000002) }))).body;
    const response = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${patient.id}`, { surgeryDate: '2999-12-31', version: patient.version }),
    );
    expect(response.status).toBe(400);
    expect(fieldErrors(response).surgeryDate).toBe(CLINICAL_DATE_TOO_LATE);
    expect((await staff.get(`/api/patients/${patient.id}`)).status).toBe(200);
    expect((await staff.get(`/api/patients/${patient.id}/procedures`)).status).toBe(200);
  });

  it('accepts the last day of the range, and the patient and its schedule read back', async () => {
    const latest = latestClinicalDate(clinicToday(new Date()));
    const form = patientForm({ cpf: cpf(100000003), admissionDate: latest, surgeryDate: latest });
    const patient = (await register(staff, form)).body;
    expect((await staff.get(`/api/patients/${patient.id}`)).status).toBe(200);
    expect((await staff.get(`/api/patients/${patient.id}/procedures`)).status).toBe(200);
    const oneMore = addDaysToDate(latest, 1);
    expect(
      (await staff.patch(`/api/patients/${patient.id}`, { surgeryDate: oneMore, version: 0 })).status,
    ).toBe(400);
  });
});

describe('item 2: control characters and lone surrogates', () => {
  it.each([
    ['name', 100000011, { name: 'Maria\u0000' }],
    ['notes', 100000012, { notes: 'nota \u0000' }],
    ['surgeonName', 100000013, { surgeonName: 'Dr. \uD800' }],
  ])(
    'refuses them in the patient %s with a 400, and the corrected retry registers',
    async (field, base, bad) => {
      const form = patientForm({ cpf: cpf(base) });
      const refused = await appendsNothing(app, () => staff.post('/api/patients', { ...form, ...bad }));
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)[field]).toBe(UNSAFE_TEXT_MESSAGE);
      expect((await staff.post('/api/patients', form)).status).toBe(201);
    },
  );

  it('refuses them in a procedure-type name, procedure notes and the search', async () => {
    const patient = (await register(staff, patientForm({ cpf: cpf(100000020) }))).body;
    const type = await staff.post('/api/procedure-types', { name: 'Exame\u0000', category: 'pre_op_exam' });
    expect(type.status).toBe(400);
    const procedure = await staff.post('/api/procedures', {
      patientId: patient.id,
      status: 'completed',
      procedureTypeId: patient.procedures[0].procedureTypeId,
      completedDate: clinicToday(new Date()),
      location: 'Hospital',
      professionalName: 'Dra. Ana',
      notes: 'x\u0000',
    });
    expect(procedure.status).toBe(400);
    const search = await staff.get('/api/patients?search=%00');
    expect(search.status).toBe(400);
    expect(search.body.message).toEqual(expect.any(String));
  });

  it('releases the CPF reservation when the patient append fails, so the retry registers', async () => {
    const form = patientForm({ cpf: cpf(100000030) });
    const trigger = `refuse_${randomUUID().replaceAll('-', '')}`;
    await asOwner((client) =>
      client.query(`
        create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'refused on purpose by the test'; end $$;
        create trigger ${trigger} before insert on events for each row
          when (new.type = 'PatientRegistered') execute function ${trigger}();`),
    );
    try {
      expect((await staff.post('/api/patients', form)).status).toBe(500);
    } finally {
      await asOwner((client) =>
        client.query(`drop trigger ${trigger} on events; drop function ${trigger}();`),
      );
    }
    const retry = await staff.post('/api/patients', form);
    expect(retry.status).toBe(201);
  });
});

describe('item 3: paging', () => {
  it.each(['1e20', '100001', '9007199254740993'])('answers page=%s with a 400, not a 500', async (page) => {
    const response = await staff.get(`/api/patients?page=${page}`);
    expect(response.status).toBe(400);
    expect(fieldErrors(response).page).toEqual(expect.any(String));
  });
});

describe('item 4: existence before preconditions', () => {
  it('answers PATCH and DELETE of an unknown patient without a version with 404', async () => {
    const id = randomUUID();
    const patch = await staff.patch(`/api/patients/${id}`, { notes: 'x' });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Paciente não encontrado');
    expect((await staff.delete(`/api/patients/${id}`, DELETION)).status).toBe(404);
  });

  it('still answers 428 for a known patient without a version', async () => {
    const patient = (await register(staff, patientForm({ cpf: cpf(100000040) }))).body;
    expect((await staff.patch(`/api/patients/${patient.id}`, { notes: 'x' })).status).toBe(428);
    expect((await staff.delete(`/api/patients/${patient.id}`, DELETION)).status).toBe(428);
  });
});
