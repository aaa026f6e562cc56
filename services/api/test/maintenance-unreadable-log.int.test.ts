import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientDetailDtoSchema } from '@bari/contracts';
import { patientForm, validCpf as cpf } from '@bari/contracts/testing';
import { appendEvents, appendsNothing, startTestApp, type TestApp } from './support/test-app.ts';
import { signInAs, type TestClient } from './support/http-client.ts';
import { register } from './support/patient-requests.ts';

/**
 * One unreadable patient is skipped and counted (procedures-api.int.test.ts); a log this
 * release cannot read at all (a rollback past a newer release's events) is not a patient's
 * fault: the maintenance stops before recording a run that would say it went well.
 */
describe('maintenance over a log this release cannot read', () => {
  let app: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await signInAs(app, 'admin')).client;
    const staff = (await signInAs(app, 'approved')).client;
    for (let index = 0; index < 12; index += 1) {
      const created = await register(staff, patientForm({ cpf: cpf(500000001 + index) }));
      const patient = PatientDetailDtoSchema.parse(created.body);
      await appendEvents(app, `patient-${patient.id}`, [
        { type: 'PatientFromANewerRelease', data: { patientId: patient.id } },
      ]);
    }
    // A new required type: every patient lacks it, so 'Atualizar Procedimentos' visits them all.
    const type = await admin.post('/api/procedure-types', {
      name: 'Espirometria de controle',
      category: 'pre_op_exam',
      isRequired: true,
    });
    expect(type.status).toBe(201);
  });
  afterAll(() => app?.stop());

  it('stops each run with a server error, writing nothing, instead of skipping every patient', async () => {
    for (const path of ['/api/admin/fix-production-data', '/api/admin/run-migration']) {
      const stopped = await appendsNothing(app, () => admin.post(path));
      expect(stopped.status).toBe(500);
      expect(stopped.body).toMatchObject({ code: 'INTERNAL' });
    }
  });
});
