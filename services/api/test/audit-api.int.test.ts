import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday, type AuditLogEntryDto, type PatientFormInput } from '@bari/contracts';
import { recordVerification, verifyHashChain } from '@bari/event-store';
import { createDatabasePool } from '@bari/db';
import { appendsNothing, startTestApp, type TestApp } from './support/test-app.ts';
import { createClient, signInAs, type SignedIn, type TestClient } from './support/http-client.ts';
import { DELETION } from './support/patient-requests.ts';

/*
 * The audit trail through the API: every mutation leaves one entry with who and from where,
 * reads of health data leave access entries (once per 15 minutes per session), the log
 * filters and pages on the server, and a patient's history and past states come from its stream.
 */

const SALVADOR = { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' };
const FEIRA = { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' };

/** A valid CPF (check digits computed) from a 9-digit base. */
function cpf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(sum % 11 < 2 ? 0 : 11 - (sum % 11));
  }
  return digits.join('');
}

const form = (name: string, base: number): PatientFormInput => ({
  name,
  cpf: cpf(base),
  cns: null,
  municipality: SALVADOR,
  admissionDate: '2025-01-08',
  dischargeDate: null,
  surgeryDate: '2025-01-10',
  surgeryLocation: 'Hospital Geral Roberto Santos',
  surgeonName: 'Dr. João Souza',
  aihNumber: null,
  sisregCode: null,
  notes: null,
});

let app: TestApp;
let staff: SignedIn;
let admin: TestClient;
let adminEmail: string;

beforeAll(async () => {
  app = await startTestApp();
  const signedInAdmin = await signInAs(app, 'admin');
  admin = signedInAdmin.client;
  adminEmail = signedInAdmin.email;
  staff = await signInAs(app, 'approved');
});
afterAll(async () => {
  await app?.stop();
});

async function register(name: string, base: number): Promise<{ id: string; version: number }> {
  const response = await staff.client.post('/api/patients', form(name, base));
  expect(response.status).toBe(201);
  return response.body as { id: string; version: number };
}

/** The audit log as the admin reads it (the admin's own reads are recorded too, under its email). */
async function auditLog(query: string): Promise<{ rows: AuditLogEntryDto[]; total: number }> {
  const response = await admin.get(`/api/audit-logs?${query}`);
  expect(response.status).toBe(200);
  return { rows: response.body as AuditLogEntryDto[], total: Number(response.headers.get('x-total-count')) };
}

/** Access events are not waited for by the reads: poll the log until `check` holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mutations leave one audit entry each', () => {
  it('registration, an update with old and new values, a procedure, a deletion: user email, IP, action', async () => {
    const patient = await register('Beatriz Auditada', 100000001);
    const changed = await staff.client.patch(`/api/patients/${patient.id}`, {
      municipality: FEIRA,
      version: patient.version,
    });
    expect(changed.status).toBe(200);
    const detail = await staff.client.get(`/api/patients/${patient.id}`);
    const hemograma = (detail.body.procedures as { id: string; procedureType: { category: string } }[]).find(
      (procedure) => procedure.procedureType.category === 'pre_op_lab',
    )!;
    expect(
      (
        await staff.client.patch(`/api/procedures/${hemograma.id}`, {
          status: 'completed',
          completedDate: '2025-01-05',
        })
      ).status,
    ).toBe(200);
    const deleted = await staff.client.delete(
      `/api/patients/${patient.id}?version=${changed.body.version + 1}`,
      DELETION,
    );
    expect(deleted.status).toBe(204);

    const { rows } = await auditLog('search=beatriz%20auditada&pageSize=200');
    const of = (action: string) => rows.filter((row) => row.action === action);
    for (const action of ['CREATE_PATIENT', 'UPDATE_PATIENT', 'COMPLETE_PROCEDURE', 'DELETE_PATIENT']) {
      expect(of(action), action).toHaveLength(1);
      expect(of(action)[0]).toMatchObject({ userEmail: staff.email, userId: staff.user.id });
      expect(of(action)[0]?.ipAddress).toMatch(/127\.0\.0\.1/);
    }
    expect(of('UPDATE_PATIENT')[0]).toMatchObject({
      entityType: 'patient',
      entityId: patient.id,
      entityName: 'Beatriz Auditada',
      details: {
        updatedFields: ['municipality'],
        changes: [{ field: 'municipality', from: 'Salvador/BA', to: 'Feira de Santana/BA' }],
      },
    });
    expect(of('COMPLETE_PROCEDURE')[0]).toMatchObject({
      entityType: 'procedure',
      entityId: hemograma.id,
      details: { status: 'completed', patientId: patient.id, patientName: 'Beatriz Auditada' },
    });
  });

  it('login, logout and user administration', async () => {
    const someone = await signInAs(app, 'approved');
    expect((await someone.client.post('/api/auth/logout')).status).toBeLessThan(300);
    const { rows } = await auditLog(`search=${encodeURIComponent(someone.email)}&pageSize=200`);
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action) => action === 'CREATE_USER')).toHaveLength(1);
    expect(rows.filter((row) => row.action === 'CREATE_ACCESS_KEY')).toEqual([
      expect.objectContaining({ entityType: 'access_key', entityName: `Chave de ${someone.email}` }),
    ]);
    expect(rows.filter((row) => row.action === 'LOGIN')).toHaveLength(1);
    expect(rows.find((row) => row.action === 'LOGOUT')).toMatchObject({
      userEmail: someone.email,
      entityType: 'user',
    });
  });

  it('user and key administration, a procedure type and initialization, each one entry by its actor', async () => {
    const email = `auditado-${Date.now()}@teste.sus.gov.br`;
    const user = await admin.post('/api/users', {
      email,
      firstName: 'Ana',
      lastName: 'Auditada',
      isAdmin: false,
    });
    expect(user.status).toBe(201);
    const key = await admin.post('/api/access-keys', {
      description: `Chave auditada ${email}`,
      // Typed in upper case: the same user.
      userId: String(user.body.id).toUpperCase(),
    });
    expect(key.status).toBe(201);
    expect((await admin.patch(`/api/access-keys/${key.body.id}/deactivate`)).status).toBe(200);
    expect((await admin.patch(`/api/users/${user.body.id}/status`, { status: 'rejected' })).status).toBe(200);
    expect((await admin.delete(`/api/users/${user.body.id}`)).status).toBeLessThan(300);

    const { rows } = await auditLog(`search=${encodeURIComponent(email)}&pageSize=200`);
    const one = (action: string) => {
      const matching = rows.filter((row) => row.action === action);
      expect(matching, action).toHaveLength(1);
      expect(matching[0]?.userEmail, action).toBe(adminEmail);
      return matching[0];
    };
    expect(one('CREATE_USER')).toMatchObject({
      entityType: 'user',
      entityId: user.body.id,
      entityName: email,
    });
    expect(one('CREATE_ACCESS_KEY')).toMatchObject({ entityType: 'access_key', entityId: key.body.id });
    expect(one('DEACTIVATE_ACCESS_KEY')).toMatchObject({ entityName: `Chave auditada ${email}` });
    expect(one('REJECT_USER')).toMatchObject({
      details: { status: 'rejected', changes: [{ field: 'userStatus', from: 'approved', to: 'rejected' }] },
    });
    expect(one('DELETE_USER')).toMatchObject({ entityId: user.body.id });

    // A member of staff sees that the keys were issued and deactivated, by whom and when, but
    // not their details (the first characters of the secret, the user, the expiry, the reason).
    const read = await staff.client.get(
      `/api/audit-logs?entityType=access_key&search=${encodeURIComponent(email)}`,
    );
    expect(read.status).toBe(200);
    const seen = read.body as AuditLogEntryDto[];
    expect(seen.map((row) => [row.action, row.userEmail, row.details])).toEqual([
      ['DEACTIVATE_ACCESS_KEY', adminEmail, null],
      ['CREATE_ACCESS_KEY', adminEmail, null],
    ]);
    expect(JSON.stringify(seen)).not.toContain(String(key.body.keyPrefix));
    expect(JSON.stringify(rows)).toContain(String(key.body.keyPrefix));

    const type = await staff.client.post('/api/procedure-types', {
      name: 'Exame Auditado de Zinco',
      category: 'pre_op_lab',
      phase: 'pre_operative',
      isRequired: false,
    });
    expect(type.status).toBe(201);
    const defined = await auditLog('action=CREATE_PROCEDURE_TYPE&search=exame%20auditado');
    expect(defined.rows).toEqual([
      expect.objectContaining({
        userEmail: staff.email,
        entityType: 'procedure',
        entityName: 'Exame Auditado de Zinco',
      }),
    ]);
    const initialized = await auditLog('action=INITIALIZE_SYSTEM');
    expect(initialized.rows).toEqual([expect.objectContaining({ userEmail: null, entityType: 'system' })]);
  });
});

describe('administrative runs leave their entries too', () => {
  it("'Inicialização Forçada' is one entry by the administrator who ran it", async () => {
    const before = (await auditLog('action=FORCE_INITIALIZE_SYSTEM')).total;
    expect((await admin.post('/api/force-initialize')).status).toBe(200);
    const after = await eventually(
      () => auditLog('action=FORCE_INITIALIZE_SYSTEM'),
      (log) => log.total > before,
    );
    expect(after.total).toBe(before + 1);
    expect(after.rows[0]).toMatchObject({ userEmail: adminEmail, entityType: 'system' });
  });

  it("'Atualizar Procedimentos' is one entry per patient it gave procedures to, by the administrator", async () => {
    // A patient registered before a new required type exists lacks it.
    const patient = await register('Paciente Da Migração', 100000099);
    const type = await admin.post('/api/procedure-types', {
      name: 'Exame Obrigatório Auditado',
      category: 'pre_op_exam',
      phase: 'pre_operative',
      isRequired: true,
    });
    expect(type.status).toBe(201);
    const before = (
      await auditLog(`action=ASSIGN_PROCEDURES&search=${encodeURIComponent('Paciente Da Migração')}`)
    ).total;
    const run = await admin.post('/api/admin/run-migration');
    expect(run.status).toBe(200);
    const after = await auditLog(
      `action=ASSIGN_PROCEDURES&search=${encodeURIComponent('Paciente Da Migração')}`,
    );
    expect(after.total).toBe(before + 1);
    expect(after.rows[0]).toMatchObject({ userEmail: adminEmail, entityId: patient.id });
  });

  it('each maintenance run is one entry, by the administrator, also when it changed nothing', async () => {
    for (const [path, action] of [
      ['/api/admin/run-migration', 'RUN_MIGRATION'],
      ['/api/admin/fix-production-data', 'FIX_PRODUCTION_DATA'],
    ] as const) {
      const before = (await auditLog(`action=${action}`)).total;
      expect((await admin.post(path)).status).toBe(200);
      const after = await auditLog(`action=${action}`);
      expect(after.total).toBe(before + 1);
      expect(after.rows[0]).toMatchObject({
        action,
        userEmail: adminEmail,
        entityType: 'system',
        details: { values: { patients: '0', changes: '0' } },
      });
    }
  });
});

describe('access events', () => {
  it('opening a patient leaves one entry; a second view within 15 minutes does not; history and the log each leave one', async () => {
    const viewer = await signInAs(app, 'approved');
    const patient = await register('Carla Vista', 100000002);
    expect((await viewer.client.get(`/api/patients/${patient.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/patients/${patient.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/patients/${patient.id}/history`)).status).toBe(200);
    expect((await viewer.client.get('/api/audit-logs?action=LOGIN')).status).toBe(200);

    // The filter reads an id typed in upper case as the same user.
    const query = `userId=${viewer.user.id.toUpperCase()}&pageSize=200`;
    const { rows } = await eventually(
      () => auditLog(query),
      (log) => log.rows.some((row) => row.action === 'VIEW_AUDIT_LOG'),
    );
    const views = rows.filter((row) => row.action === 'VIEW_PATIENT');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      entityType: 'patient',
      entityId: patient.id,
      entityName: 'Carla Vista',
    });
    expect(rows.filter((row) => row.action === 'VIEW_HISTORY')).toHaveLength(1);
    expect(rows.find((row) => row.action === 'VIEW_AUDIT_LOG')).toMatchObject({
      entityType: 'system',
      details: { values: { action: 'LOGIN' } },
    });

    // 15 minutes later the same view counts again
    app.clock.advance(15 * 60 * 1000 + 1);
    expect((await viewer.client.get(`/api/patients/${patient.id}`)).status).toBe(200);
    const later = await eventually(
      () => auditLog(`${query}&action=VIEW_PATIENT`),
      (log) => log.total === 2,
    );
    expect(later.total).toBe(2);
  });

  it("reading a patient's procedures is a view too, and an upper-case id is the same patient", async () => {
    const viewer = await signInAs(app, 'approved');
    const patient = await register('Helena Maiúscula', 100000098);
    const upper = patient.id.toUpperCase();
    expect((await viewer.client.get(`/api/patients/${upper}/procedures`)).status).toBe(200);
    const { rows } = await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=VIEW_PATIENT`),
      (log) => log.total > 0,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityId: patient.id, entityName: 'Helena Maiúscula' });
    // The stream is found by the same id whatever its case: the history and an edit too.
    expect((await viewer.client.get(`/api/patients/${upper}/history`)).status).toBe(200);
    const page = await viewer.client.get(`/api/patients/${upper}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: patient.id });
    const edit = await viewer.client.patch(`/api/patients/${upper}`, {
      notes: 'id em maiúsculas',
      version: page.body.version,
    });
    expect(edit.status).toBe(200);
  });

  it('a search of the patient list is an access: who looked up which name or CPF, once per 15 minutes', async () => {
    const viewer = await signInAs(app, 'approved');
    await register('Fabiana Procurada', 100000010);
    for (const search of ['fabiana procurada', 'fabiana procurada', cpf(100000010)]) {
      expect((await viewer.client.get(`/api/patients?search=${encodeURIComponent(search)}`)).status).toBe(
        200,
      );
    }
    const { rows } = await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=SEARCH_PATIENTS`),
      (log) => log.total >= 2,
    );
    expect(rows.map((row) => row.details?.values?.search)).toEqual([cpf(100000010), 'fabiana procurada']);
    expect(rows[0]).toMatchObject({ entityType: 'patient', userEmail: viewer.email });
    // The auditor finds the lookup by what was searched.
    const found = await auditLog(`action=SEARCH_PATIENTS&search=${cpf(100000010)}`);
    expect(found.rows.map((row) => row.userEmail)).toEqual([viewer.email]);
  });

  it('every page of the list read is an access too (it shows up to 200 records), once per 15 minutes', async () => {
    const viewer = await signInAs(app, 'approved');
    for (const query of ['page=1', 'page=1', 'page=2&pageSize=200&status=pre_op']) {
      expect((await viewer.client.get(`/api/patients?${query}`)).status).toBe(200);
    }
    const { rows } = await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=LIST_PATIENTS`),
      (log) => log.total >= 2,
    );
    expect(rows.map((row) => row.details?.values)).toEqual([
      { status: 'pre_op', sort: 'name', direction: null, page: '2', pageSize: '200' },
      { status: null, sort: 'name', direction: null, page: '1', pageSize: '50' },
    ]);
    expect(rows[0]).toMatchObject({ entityType: 'patient', userEmail: viewer.email });
  });

  it('a read from another site (a link or image elsewhere) is refused and leaves no view', async () => {
    const viewer = await signInAs(app, 'approved');
    const patient = await register('Irene Outro Sítio', 100000111);
    for (const site of ['cross-site', 'same-site']) {
      for (const path of [`/api/patients/${patient.id}`, `/api/reports/individual?patient=${patient.id}`]) {
        const response = await viewer.client.get(path, { headers: { 'Sec-Fetch-Site': site } });
        expect([path, response.status, response.body]).toMatchObject([path, 403, { code: 'CROSS_ORIGIN' }]);
      }
    }
    // Our own pages, and an address typed or bookmarked, read as before.
    for (const site of ['same-origin', 'none']) {
      const response = await viewer.client.get(`/api/patients/${patient.id}`, {
        headers: { 'Sec-Fetch-Site': site },
      });
      expect(response.status).toBe(200);
    }
    await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=VIEW_PATIENT`),
      (log) => log.total > 0,
    );
    const { rows } = await auditLog(`userId=${viewer.user.id}&action=all`);
    // Besides signing in: one view, the one from our own page.
    expect(rows.filter((row) => row.action !== 'LOGIN').map((row) => row.action)).toEqual(['VIEW_PATIENT']);
  });

  it('a write that changes nothing still answers the record, and is recorded as a view', async () => {
    const viewer = await signInAs(app, 'approved');
    const patient = await register('Joana Sem Mudança', 100000112);
    const same = await viewer.client.patch(
      `/api/patients/${patient.id}`,
      {},
      { headers: { 'If-Match': '*' } },
    );
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ id: patient.id, version: patient.version });
    const pending = (same.body as { procedures: { id: string; status: string }[] }).procedures.find(
      (procedure) => procedure.status === 'pending',
    )!;
    const untick = await viewer.client.patch(`/api/procedures/${pending.id}`, { status: 'pending' });
    expect(untick.status).toBe(200);
    await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=VIEW_PATIENT`),
      (log) => log.total > 0,
    );
    const { rows } = await auditLog(`userId=${viewer.user.id}&action=all`);
    // Besides signing in: one view (the second answer within 15 minutes is the same access), no change.
    expect(rows.filter((row) => row.action !== 'LOGIN').map((row) => [row.action, row.entityId])).toEqual([
      ['VIEW_PATIENT', patient.id],
    ]);
  });

  it("a deleted patient's 404, which says its name and why, is recorded as a look at its history", async () => {
    const viewer = await signInAs(app, 'approved');
    const patient = await register('Karina Excluída', 100000113);
    const deleted = await staff.client.delete(`/api/patients/${patient.id}`, DELETION, {
      headers: { 'If-Match': '*' },
    });
    expect(deleted.status).toBe(204);
    // The page that deleted it reads it again at once: what it was told, it had just written.
    const own = await staff.client.get(`/api/patients/${patient.id}`);
    expect(own.body).toMatchObject({ code: 'PATIENT_DELETED' });
    const gone = await viewer.client.get(`/api/patients/${patient.id}`);
    expect(gone.body).toMatchObject({
      code: 'PATIENT_DELETED',
      message: expect.stringContaining('Karina Excluída'),
    });
    const { rows } = await eventually(
      () => auditLog(`userId=${viewer.user.id}&action=VIEW_HISTORY`),
      (log) => log.total > 0,
    );
    expect(rows.map((row) => [row.action, row.entityId])).toEqual([['VIEW_HISTORY', patient.id]]);
    expect(rows[0]?.details).toMatchObject({ values: { seen: 'deletion_notice' } });
    // Recorded in order: the viewer's record is there, so the deleting session's would be.
    const byStaff = await auditLog(`userId=${staff.user.id}&action=VIEW_HISTORY`);
    expect(byStaff.rows.filter((row) => row.entityId === patient.id)).toEqual([]);
    // The whole history, read by that session right after (the CPF, the notes): recorded.
    expect((await staff.client.get(`/api/patients/${patient.id}/history`)).status).toBe(200);
    const history = await eventually(
      () => auditLog(`userId=${staff.user.id}&action=VIEW_HISTORY`),
      (log) => log.rows.some((row) => row.entityId === patient.id),
    );
    expect(history.rows.filter((row) => row.entityId === patient.id)).toHaveLength(1);
  });

  it('a 404 leaves no view', async () => {
    const viewer = await signInAs(app, 'approved');
    expect((await viewer.client.get('/api/patients/00000000-0000-4000-8000-00000000dead')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await auditLog(`userId=${viewer.user.id}&action=VIEW_PATIENT`)).total).toBe(0);
  });
});

describe('GET /api/audit-logs', () => {
  it('answers 400 with a Portuguese message to an absurd page number, never a database error', async () => {
    const viewer = await signInAs(app, 'approved');
    const response = await viewer.client.get('/api/audit-logs?page=1000000000000000000');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION' });
  });

  it('filters by action, entity type and dates, pages newest first with X-Total-Count', async () => {
    await register('Daniela Paginada', 100000003);
    await register('Daniela Paginada Dois', 100000004);
    const all = await auditLog('action=CREATE_PATIENT&search=daniela%20paginada');
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => row.entityName)).toEqual(['Daniela Paginada Dois', 'Daniela Paginada']);
    const second = await auditLog('action=CREATE_PATIENT&search=DANIELA%20PAGINADA&page=2&pageSize=1');
    expect(second.total).toBe(2);
    expect(second.rows.map((row) => row.entityName)).toEqual(['Daniela Paginada']);
    expect((await auditLog('entityType=user&action=CREATE_PATIENT')).total).toBe(0);
    expect((await auditLog('to=2000-01-01T00:00:00Z')).total).toBe(0);
    const now = encodeURIComponent(new Date(Date.now() - 60 * 60 * 1000).toISOString());
    expect((await auditLog(`from=${now}&action=CREATE_PATIENT&search=daniela`)).total).toBe(2);
    expect(
      (await auditLog('action=all&entityType=all&search=criar%20paciente')).total,
    ).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 in Portuguese for a bad filter', async () => {
    const response = await admin.get('/api/audit-logs?action=DROP_TABLE&from=ontem');
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  it.each([
    ['a NUL in the search', 'search=%00', 'search'],
    ['the year 0', 'from=0000-01-01T00:00:00Z', 'from'],
    ['an offset no clock has', 'to=2026-01-01T00:00:00%2B99:00', 'to'],
    ['an offset PostgreSQL refuses', 'from=2026-01-01T00:00:00%2B16:00', 'from'],
    ['reversed bounds', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
  ])('answers 400 with the field, never a database error, to %s', async (_kind, query, field) => {
    const response = await admin.get(`/api/audit-logs?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys(response.body.errors as object)).toEqual([field]);
  });

  it("answers 400 to an impossible instant as a patient's asOf or a key's expiry, writing nothing", async () => {
    const patient = await register('Elisa Instante', 100000009);
    const asOf = await admin.get(`/api/patients/${patient.id}?asOf=2026-01-01T00:00:00%2B99:00`);
    expect(asOf.status).toBe(400);
    expect(asOf.body).toMatchObject({ code: 'VALIDATION' });
    // A future one is now's state: it made up one (procedures overdue that are not yet). A
    // patient operated today: the follow-up is all ahead.
    const today = clinicToday(app.clock.now());
    const operated = await staff.client.post('/api/patients', {
      ...form('Elisa Futura', 100000014),
      admissionDate: today,
      surgeryDate: today,
    });
    expect(operated.status).toBe(201);
    const future = await admin.get(`/api/patients/${operated.body.id}?asOf=9999-12-31T23:59:59Z`);
    expect(future.status).toBe(200);
    const overdue = (body: { procedures: { overdue: boolean }[] }) =>
      body.procedures.filter((procedure) => procedure.overdue).length;
    expect(overdue(future.body)).toBe(0);
    const key = await appendsNothing(app, () =>
      admin.post('/api/access-keys', {
        description: 'Chave impossível',
        expiresAt: '9999-12-31T23:59:59+99:00',
      }),
    );
    expect(key.status).toBe(400);
    expect(key.body).toMatchObject({
      code: 'VALIDATION',
      errors: { expiresAt: 'Data de expiração inválida' },
    });
  });

  it('lists the facets from the whole log', async () => {
    const response = await staff.client.get('/api/audit-logs/facets');
    expect(response.status).toBe(200);
    expect(response.body.actions).toEqual(
      expect.arrayContaining(['CREATE_PATIENT', 'LOGIN', 'INITIALIZE_SYSTEM']),
    );
    expect(response.body.entityTypes).toEqual(expect.arrayContaining(['patient', 'user', 'system']));
    expect(response.body.users).toEqual(expect.arrayContaining([{ id: staff.user.id, email: staff.email }]));
  });

  it('shows the hash-chained log head and the last verification', async () => {
    const before = await staff.client.get('/api/audit-logs/integrity');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ available: true, lastVerification: null });
    expect(before.body.head.hash).toMatch(/^[0-9a-f]{64}$/);

    const result = await verifyHashChain(app.deps.pool);
    expect(result.brokenAt).toBeNull();
    // As `npm run audit -- verify` records it: the owner (the app's role only reads them).
    const owner = await createDatabasePool(app.ownerDatabaseUrl, { maximumPoolSize: 1 });
    try {
      await recordVerification(owner, result);
    } finally {
      await owner.end();
    }
    const after = await staff.client.get('/api/audit-logs/integrity');
    expect(after.body.lastVerification).toMatchObject({
      headPosition: result.head?.position,
      headHash: result.head?.hash,
      brokenPosition: null,
    });
  });

  it('is for approved users: 401 signed out, 403 pending, 200 for an ordinary approved user', async () => {
    expect((await createClient(app.baseUrl).get('/api/audit-logs')).status).toBe(401);
    const pending = await signInAs(app, 'pending');
    expect((await pending.client.get('/api/audit-logs')).status).toBe(403);
    expect((await pending.client.get('/api/audit-logs/facets')).status).toBe(403);
    expect((await staff.client.get('/api/audit-logs')).status).toBe(200);
    // Read-only: no write route exists (405, only GET allowed)
    const write = await staff.client.post('/api/audit-logs', {});
    expect(write.status).toBe(405);
    expect(write.headers.get('allow')).toContain('GET');
    expect(write.headers.get('allow')).not.toContain('POST');
  });
});

describe('history and past states', () => {
  it('the history lists each change newest first with old and new values; asOf shows the state before and after', async () => {
    const patient = await register('Elisa Histórica', 100000005);
    // The app's clock (earlier tests moved it): asOf compares with the instants changes were decided.
    const beforeChange = app.clock.now().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const changed = await staff.client.patch(`/api/patients/${patient.id}`, {
      municipality: FEIRA,
      notes: 'Retorno em março',
      version: patient.version,
    });
    expect(changed.status).toBe(200);

    const history = await staff.client.get(`/api/patients/${patient.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({
      action: 'UPDATE_PATIENT',
      userEmail: staff.email,
      changes: [
        { field: 'municipality', from: 'Salvador/BA', to: 'Feira de Santana/BA' },
        { field: 'notes', from: null, to: 'Retorno em março' },
      ],
      procedures: [],
    });
    // The registration appended the patient and its procedures in one command: one entry.
    const assigned = history.body.at(-1);
    expect(assigned).toMatchObject({
      action: 'CREATE_PATIENT',
      actions: [
        { action: 'CREATE_PATIENT', count: 1 },
        { action: 'ASSIGN_PROCEDURES', count: 1 },
      ],
      revision: 1,
    });
    expect(assigned.procedures.length).toBeGreaterThan(0);
    // Each with its category: one name ('Consulta com cirurgião') is in several.
    expect(assigned.procedures[0]).toMatchObject({
      kind: 'added',
      procedureCategory: expect.stringMatching(/^(pre|post)_op_/),
    });

    const then = await staff.client.get(
      `/api/patients/${patient.id}?asOf=${encodeURIComponent(beforeChange)}`,
    );
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ name: 'Elisa Histórica', municipality: SALVADOR, notes: null });
    const now = await staff.client.get(
      `/api/patients/${patient.id}?asOf=${encodeURIComponent(app.clock.now().toISOString())}`,
    );
    expect(now.body).toMatchObject({ municipality: FEIRA, notes: 'Retorno em março' });
    expect((await staff.client.get(`/api/patients/${patient.id}?asOf=2000-01-01T00:00:00Z`)).status).toBe(
      404,
    );
    expect((await staff.client.get(`/api/patients/${patient.id}?asOf=ontem`)).status).toBe(400);
  });

  it("a deleted patient's history stays readable; an unknown patient's is a 404", async () => {
    const patient = await register('Fabiana Excluída', 100000006);
    expect(
      (await staff.client.delete(`/api/patients/${patient.id}?version=${patient.version}`, DELETION)).status,
    ).toBe(204);
    const history = await staff.client.get(`/api/patients/${patient.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ action: 'DELETE_PATIENT' });
    expect(
      (await staff.client.get('/api/patients/00000000-0000-4000-8000-00000000beef/history')).status,
    ).toBe(404);
  });
});
