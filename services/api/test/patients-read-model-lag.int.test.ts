import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE, PatientDetailDtoSchema, maintenanceStoppedMessage } from '@bari/contracts';
import { sql } from '@bari/db';
import { allProjections, createProjectionRunner } from '@bari/projections';
import { signInAs, type SignedIn } from './support/http-client.ts';
import { appendsNothing, startTestApp, type TestApp } from './support/test-app.ts';
import { patientForm, validCpf as cpf } from '@bari/contracts/testing';

/**
 * A write that succeeded answers from what the command decided, never from a read model that
 * has not caught up (a 404 there made clients retry, and the retry got 409 'Já existe um
 * paciente com este CPF'). The app runs with `PROJECTOR=external`; the test plays the
 * separate projector: it projects while the users sign in (sessions and key lookups need the
 * read models), then stops, so every read-your-writes wait times out (200 ms).
 */
describe('patient-care writes while the read models lag', () => {
  let app: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  const projector = () =>
    createProjectionRunner({
      eventStore: app.deps.eventStore,
      pool: app.deps.pool,
      projections: allProjections,
      logger: app.deps.logger,
    });

  beforeAll(async () => {
    app = await startTestApp({ env: { PROJECTOR: 'external', READ_YOUR_WRITES_TIMEOUT_MS: '200' } });
    const running = projector();
    await running.start();
    try {
      admin = await signInAs(app, 'admin');
      staff = await signInAs(app, 'approved');
    } finally {
      await running.stop();
    }
  });
  afterAll(() => app?.stop());

  it('answers POST and PATCH /api/patients with the patient, and POST /api/procedures with the procedure', async () => {
    const form = patientForm({ cpf: cpf(400000001), name: 'Paciente Sem Projeção' });
    const created = await staff.client.post('/api/patients', form);

    expect(created.status).toBe(201);
    const patient = PatientDetailDtoSchema.parse(created.body);
    expect(patient).toMatchObject({ name: 'Paciente Sem Projeção', cpf: cpf(400000001), status: 'post_op' });
    expect(patient.procedures).toHaveLength(PROTOCOL_CATALOGUE.filter((type) => type.isRequired).length);
    expect(created.headers.get('location')).toBe(`/api/patients/${patient.id}`);
    expect(created.headers.get('etag')).toBe(`"${patient.version}"`);
    // and says that what the lists show next may be outdated
    expect(created.headers.get('x-read-models-stale')).toBe('true');
    // The read model has not seen it: the answer above did not come from there
    expect((await staff.client.get(`/api/patients/${patient.id}`)).status).toBe(404);

    const updated = await staff.client.patch(`/api/patients/${patient.id}`, {
      notes: 'Editada sem projeção',
      version: patient.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ notes: 'Editada sem projeção', version: patient.version + 1 });

    const zinc = PROTOCOL_CATALOGUE.find((type) => !type.isRequired && type.category === 'post_op_6mes')!;
    const added = await staff.client.post('/api/procedures', {
      patientId: patient.id,
      procedureTypeId: zinc.id,
      status: 'pending',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ patientId: patient.id, procedureTypeId: zinc.id, status: 'pending' });

    const type = await admin.client.post('/api/procedure-types', {
      name: 'Exame sem projeção',
      category: 'pre_op_exam',
      isRequired: false,
    });
    expect(type.status).toBe(201);
    expect(type.body).toMatchObject({ name: 'Exame sem projeção', isRequired: false });

    // Once the projector catches up, the read model shows what the writes answered
    const running = projector();
    await running.start();
    try {
      const head = await app.deps.eventStore.headPosition();
      expect(await running.waitFor(head!, { timeoutMs: 10_000 })).toBe(true);
    } finally {
      await running.stop();
    }
    const read = await staff.client.get(`/api/patients/${patient.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-read-models-stale')).toBeNull();
    expect(read.body).toEqual({
      ...updated.body,
      version: updated.body.version + 1,
      totalProcedures: updated.body.totalProcedures + 1,
      procedures: [...updated.body.procedures, added.body],
    });
  });

  it('refuses the maintenance while the patient list lags behind the log (nothing written), runs it once caught up', async () => {
    // Registered while no projector runs: the list the maintenance reads does not have it yet.
    const form = patientForm({ cpf: cpf(400000002), name: 'Paciente Ainda Fora da Lista' });
    expect((await staff.client.post('/api/patients', form)).status).toBe(201);
    for (const path of ['/api/admin/run-migration', '/api/admin/fix-production-data']) {
      const refused = await appendsNothing(app, () => admin.client.post(path));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'READ_MODELS_BEHIND' });
      expect(refused.headers.get('retry-after')).toBe('5');
    }
    // Stopped on a failure, not just behind: retrying will not help, and the answer says so.
    await app.deps.pool.query(
      sql.typeAlias(
        'void',
      )`update projection_checkpoints set error = 'falha simulada' where name = 'patients'`,
    );
    try {
      const stopped = await appendsNothing(app, () => admin.client.post('/api/admin/run-migration'));
      expect(stopped.status).toBe(503);
      expect(stopped.body).toMatchObject({ code: 'READ_MODELS_BEHIND', message: maintenanceStoppedMessage });
      expect(stopped.headers.get('retry-after')).toBeNull();
    } finally {
      await app.deps.pool.query(
        sql.typeAlias('void')`update projection_checkpoints set error = null where name = 'patients'`,
      );
    }

    const running = projector();
    await running.start();
    try {
      const ran = await admin.client.post('/api/admin/run-migration');
      expect(ran.status).toBe(200);
      expect(ran.body).toMatchObject({ added: 0, skipped: 0 });
    } finally {
      await running.stop();
    }
  });
});
