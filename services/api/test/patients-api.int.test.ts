import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PROTOCOL_CATALOGUE,
  PatientDetailDtoSchema,
  PatientListRowSchema,
  PatientRegistered,
  WHOLE_NUMBER_MESSAGE,
  addDaysToDate,
  clinicToday,
} from '@bari/contracts';
import {
  appendEvents,
  appendedBy,
  appendsNothing,
  appendsOnlyAccessRecords,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';
import { createClient, signInAs, type TestClient } from './support/http-client.ts';
import {
  CPFS,
  FEIRA,
  SAO_PAULO,
  patientDetails,
  patientForm,
  validCpf as cpf,
} from '@bari/contracts/testing';
import { DELETION, fieldErrors, register } from './support/patient-requests.ts';

const STALE = 'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.';
const DUPLICATE_CPF = 'Já existe um paciente com este CPF';
const required = PROTOCOL_CATALOGUE.filter((type) => type.isRequired);

let app: TestApp;
let staff: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  staff = (await signInAs(app, 'approved')).client;
});
afterAll(async () => {
  await app?.stop();
});

describe('POST /api/patients', () => {
  it('registers the patient with every required procedure, pending, post-operative ones scheduled', async () => {
    const response = await register(staff);
    const patient = PatientDetailDtoSchema.parse(response.body);
    expect(response.headers.get('location')).toBe(`/api/patients/${patient.id}`);
    expect(response.headers.get('etag')).toBe(`"${patient.version}"`);
    // The read models caught up before the answer: nothing to flag as outdated.
    expect(response.headers.get('x-read-models-stale')).toBeNull();
    expect(patient).toMatchObject({
      name: 'Maria da Conceição',
      cpf: '39053344705',
      municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
      status: 'post_op',
      progress: 0,
      completedProcedures: 0,
      totalProcedures: required.length,
    });
    expect(patient.procedures.map((procedure) => procedure.procedureTypeId)).toEqual(
      required.map((type) => type.id),
    );
    const firstMonth = patient.procedures.find((p) => p.procedureType.category === 'post_op_1mes');
    expect(firstMonth).toMatchObject({ status: 'pending', scheduledDate: '2025-02-09', completedDate: null });
    expect(
      patient.procedures.find((p) => p.procedureType.category === 'post_op_12_15mes')?.scheduledDate,
    ).toBe('2026-02-25');
    expect(patient.procedures.filter((p) => p.procedureType.phase === 'pre_operative')).toSatisfy(
      (procedures: { scheduledDate: string | null }[]) => procedures.every((p) => p.scheduledDate === null),
    );

    // It is in the list and the detail at once (read-your-writes)
    expect((await staff.get(`/api/patients/${patient.id}`)).status).toBe(200);
    const list = await staff.get('/api/patients?search=conceicao');
    expect(list.body.map((row: { id: string }) => row.id)).toContain(patient.id);
  });

  it('refuses a second patient with the same CPF (409) and appends nothing but the record of what it told', async () => {
    const form = patientForm({ cpf: CPFS[1], name: 'Primeira Pessoa' });
    await register(staff, form);
    const response = await appendsOnlyAccessRecords(app, () =>
      staff.post('/api/patients', { ...form, cpf: '71460285859', name: 'Outra Pessoa' }),
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(DUPLICATE_CPF);
  });

  it.each([
    ['name', { name: '  ' }, 'Nome é obrigatório'],
    ['cpf', { cpf: '' }, 'CPF é obrigatório'],
    ['cpf', { cpf: '390.533.447-06' }, 'CPF inválido'],
    ['cpf', { cpf: '111.111.111-11' }, 'CPF inválido'],
    ['municipality', { municipality: undefined }, 'Município é obrigatório'],
    [
      'municipality',
      { municipality: { ibgeCode: '9999999', name: 'Atlântida', uf: 'BA' } },
      'Município inválido',
    ],
    ['admissionDate', { admissionDate: '' }, 'Data da internação é obrigatória'],
    ['admissionDate', { admissionDate: '2025-02-30' }, 'Data inválida'],
    ['surgeryLocation', { surgeryLocation: '' }, 'Local da cirurgia é obrigatório'],
    ['surgeonName', { surgeonName: undefined }, 'Nome do cirurgião é obrigatório'],
    ['cns', { cns: '1627093451800011' }, 'CNS deve ter no máximo 15 caracteres'],
    ['cns', { cns: '162709345180002' }, 'CNS inválido'],
    ['aihNumber', { aihNumber: '12345' }, 'Número AIH deve ter 13 dígitos'],
    ['sisregCode', { sisregCode: '12a45' }, 'Código SISREG inválido'],
    ['dischargeDate', { dischargeDate: '2025-01-07' }, 'A data da alta não pode ser anterior à internação.'],
    ['surgeryDate', { surgeryDate: '2025-01-07' }, 'A data da cirurgia não pode ser anterior à internação.'],
  ])(
    'refuses an invalid %s (400, %j → its §5 message) and appends nothing',
    async (field, override, message) => {
      const response = await appendsNothing(app, () =>
        staff.post('/api/patients', patientForm({ cpf: CPFS[2], ...override })),
      );
      expect(response.status).toBe(400);
      expect(fieldErrors(response)[field]).toBe(message);
    },
  );

  it('reports every missing required field at once', async () => {
    const response = await appendsNothing(app, () => staff.post('/api/patients', {}));
    expect(response.status).toBe(400);
    expect(fieldErrors(response)).toMatchObject({
      name: 'Nome é obrigatório',
      cpf: 'CPF é obrigatório',
      municipality: 'Município é obrigatório',
      admissionDate: 'Data da internação é obrigatória',
      surgeryLocation: 'Local da cirurgia é obrigatório',
      surgeonName: 'Nome do cirurgião é obrigatório',
    });
  });

  it('lets exactly one of two simultaneous registrations of a CPF through', async () => {
    const form = patientForm({ cpf: cpf(100000009), name: 'Simultânea' });
    const responses = await Promise.all([
      staff.post('/api/patients', form),
      staff.post('/api/patients', form),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await staff.get('/api/patients?search=simultanea')).body).toHaveLength(1);
  });
});

describe('PATCH and DELETE /api/patients/:id', () => {
  it('updates with the current version, answers the new ETag, and refuses a stale one (409) appending nothing', async () => {
    const created = PatientDetailDtoSchema.parse(
      (await register(staff, patientForm({ cpf: cpf(100000001), name: 'Paciente Versionado' }))).body,
    );
    const etag = `"${created.version}"`;

    const updated = await staff.patch(
      `/api/patients/${created.id}`,
      { notes: 'Alérgica a dipirona' },
      { headers: { 'If-Match': etag } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ notes: 'Alérgica a dipirona', version: created.version + 1 });
    expect(updated.headers.get('etag')).toBe(`"${created.version + 1}"`);

    const staleHeader = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${created.id}`, { notes: 'outra' }, { headers: { 'If-Match': etag } }),
    );
    expect(staleHeader.status).toBe(409);
    expect(staleHeader.body.message).toBe(STALE);

    const staleField = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${created.id}`, { notes: 'outra', version: created.version }),
    );
    expect(staleField.status).toBe(409);
    expect(staleField.body.message).toBe(STALE);

    const staleDelete = await appendsNothing(app, () =>
      staff.delete(`/api/patients/${created.id}?version=${created.version}`, DELETION),
    );
    expect(staleDelete.status).toBe(409);
    expect((await staff.get(`/api/patients/${created.id}`)).body.notes).toBe('Alérgica a dipirona');
  });

  it('lets exactly one of two simultaneous edits of the same version through', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000010) }))).body;
    const edit = (notes: string) =>
      staff.patch(
        `/api/patients/${created.id}`,
        { notes },
        { headers: { 'If-Match': `"${created.version}"` } },
      );
    const responses = await Promise.all([edit('primeira'), edit('segunda')]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)?.body.message).toBe(STALE);
  });

  it('moves the pending post-operative dates when the surgery date changes', async () => {
    const created = PatientDetailDtoSchema.parse(
      (await register(staff, patientForm({ cpf: cpf(100000002), surgeryDate: null }))).body,
    );
    const firstMonth = (detail: z.infer<typeof PatientDetailDtoSchema>) =>
      detail.procedures.find((p) => p.procedureType.category === 'post_op_1mes')?.scheduledDate;
    // Without a surgery date the schedule starts at the admission date
    expect(firstMonth(created)).toBe(addDaysToDate('2025-01-08', 30));
    expect(created.status).toBe('pre_op');

    const response = await staff.patch(`/api/patients/${created.id}`, {
      surgeryDate: '2025-03-01',
      version: created.version,
    });
    expect(response.status).toBe(200);
    const updated = PatientDetailDtoSchema.parse(response.body);
    expect(updated.surgeryDate).toBe('2025-03-01');
    expect(firstMonth(updated)).toBe('2025-03-31');
  });

  it('validates a partial update with the §5 messages and appends nothing', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000003) }))).body;
    const response = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${created.id}`, { name: '', cpf: '123', cns: '162709345180002' }),
    );
    expect(response.status).toBe(400);
    expect(fieldErrors(response)).toEqual({
      name: 'Nome é obrigatório',
      cpf: 'CPF inválido',
      cns: 'CNS inválido',
    });
  });

  it("refuses to take another patient's CPF, and frees a CPF when it is corrected", async () => {
    const first = (await register(staff, patientForm({ cpf: cpf(100000004), name: 'Primeiro' }))).body;
    const second = (await register(staff, patientForm({ cpf: cpf(100000005), name: 'Segundo' }))).body;
    const taken = await appendsOnlyAccessRecords(app, () =>
      staff.patch(`/api/patients/${second.id}`, { cpf: cpf(100000004), version: second.version }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(DUPLICATE_CPF);

    const corrected = await staff.patch(`/api/patients/${first.id}`, {
      cpf: cpf(100000006),
      version: first.version,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.cpf).toBe(cpf(100000006));
    // The old CPF is free again
    const retaken = await staff.patch(`/api/patients/${second.id}`, {
      cpf: cpf(100000004),
      version: second.version,
    });
    expect(retaken.status).toBe(200);
  });

  it('deletes the patient from the list, the detail and the statistics; its CPF can be registered again', async () => {
    const form = patientForm({ cpf: cpf(100000007), name: 'Paciente Excluído' });
    const created = (await register(staff, form)).body;
    const before = (await staff.get('/api/statistics')).body;

    const [response, appended] = await appendedBy(app, () =>
      staff.delete(
        `/api/patients/${created.id}`,
        { reason: '  Óbito do paciente, informado pela família.  ' },
        { headers: { 'If-Match': `"${created.version}"` } },
      ),
    );
    expect(response.status).toBe(204);
    // The reason, trimmed, is in the event
    const deletion = appended.find((event) => event.type === 'PatientDeleted');
    expect(deletion?.data).toEqual({
      patientId: created.id,
      name: 'Paciente Excluído',
      reason: 'Óbito do paciente, informado pela família.',
    });
    // Reached again by its id (from /audit): said deleted, when (São Paulo time), by whom and why.
    const gone = await staff.get(`/api/patients/${created.id}`);
    expect(gone.status).toBe(404);
    const email = (await staff.get('/api/auth/user')).body.email as string;
    expect(gone.body).toEqual({
      code: 'PATIENT_DELETED',
      message: expect.stringMatching(
        new RegExp(
          `^O cadastro de ${created.name} foi excluído em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2} por ${email.replace(/\./g, '\\.')}\\. Motivo: Óbito do paciente, informado pela família\\.$`,
        ),
      ),
    });
    // Its procedures, a second deletion, or an edit, of the deleted patient say so too.
    const procedures = await staff.get(`/api/patients/${created.id}/procedures`);
    const again = await staff.delete(`/api/patients/${created.id}`, DELETION, {
      headers: { 'If-Match': '*' },
    });
    const edit = await staff.patch(
      `/api/patients/${created.id}`,
      { notes: 'x' },
      { headers: { 'If-Match': '*' } },
    );
    for (const late of [procedures, again, edit]) {
      expect(late.status).toBe(404);
      expect(late.body).toMatchObject({ code: 'PATIENT_DELETED', message: gone.body.message });
    }
    expect((await staff.get('/api/patients?search=excluido')).body).toEqual([]);
    const after = (await staff.get('/api/statistics')).body;
    expect(after.totalPatients).toBe(before.totalPatients - 1);
    expect(after.pendingProcedures).toBe(before.pendingProcedures - required.length);

    expect((await staff.post('/api/patients', form)).status).toBe(201);
  });

  let refusedDeletions = 0;
  it.each([
    ['no body', undefined, 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    ['an empty body', {}, 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    ['a blank reason', { reason: '     ' }, 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    ['a short reason', { reason: 'erro' }, 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    ['a reason that is not text', { reason: 12345 }, 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    [
      'a reason over 500 characters',
      { reason: 'x'.repeat(501) },
      'O motivo da exclusão deve ter no máximo 500 caracteres.',
    ],
  ])(
    'refuses a deletion with %s: 400 DELETION_REASON_INVALID under errors.reason, appending nothing',
    async (_, body, message) => {
      const created = (await register(staff, patientForm({ cpf: cpf(100000600 + refusedDeletions++) }))).body;
      const response = await appendsNothing(app, () =>
        staff.delete(`/api/patients/${created.id}?version=${created.version}`, body),
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'DELETION_REASON_INVALID',
        message,
        errors: { reason: message },
      });
      expect((await staff.get(`/api/patients/${created.id}`)).status).toBe(200);
    },
  );

  it('parses the JSON body of a DELETE: a malformed one is a 400 MALFORMED_JSON, appending nothing', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000019) }))).body;
    const response = await appendsNothing(app, () =>
      staff.delete(`/api/patients/${created.id}?version=${created.version}`, undefined, {
        rawBody: '{"reason": "Cadastro dup',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('MALFORMED_JSON');
    // The version in decimal digits only: '0x1' was read as version 1.
    for (const version of ['0x1', '', '1e0']) {
      const refused = await appendsNothing(app, () =>
        staff.delete(`/api/patients/${created.id}?version=${version}`, { reason: 'Cadastro duplicado' }),
      );
      expect(refused.status, version).toBe(400);
    }
    // A list is no body of a route: refused as such, before the reason is looked for.
    const list = await appendsNothing(app, () =>
      staff.delete(`/api/patients/${created.id}?version=${created.version}`, ['Cadastro duplicado']),
    );
    expect(list.status).toBe(400);
    expect(list.body.code).toBe('BODY_NOT_OBJECT');
    expect((await staff.get(`/api/patients/${created.id}`)).status).toBe(200);
  });

  it('still says when and by whom a patient deleted before reasons were asked was deleted, without a reason', async () => {
    const oldId = randomUUID();
    await appendEvents(app, `patient-${oldId}`, [
      PatientRegistered.create({ patientId: oldId, ...patientDetails({ cpf: cpf(100000018) }) }),
      // The shape written before the reason existed
      { type: 'PatientDeleted', data: { patientId: oldId, name: 'Paciente Antigo' } },
    ]);
    const gone = await staff.get(`/api/patients/${oldId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('PATIENT_DELETED');
    expect(gone.body.message).toMatch(
      /^O cadastro de Paciente Antigo foi excluído em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/,
    );
    // and its history reads, the deletion without a reason
    const history = await staff.get(`/api/patients/${oldId}/history`);
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ action: 'DELETE_PATIENT' });
    expect(history.body[0]).not.toHaveProperty('deletionReason');
  });

  it('requires the version the client saw: 428 without If-Match or version, appending nothing', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000011) }))).body;
    const VERSION_REQUIRED =
      'Informe a versão do paciente (If-Match ou version) para evitar sobrescrever alterações de outra pessoa.';

    const patch = await appendsNothing(app, () => staff.patch(`/api/patients/${created.id}`, { notes: 'x' }));
    expect(patch.status).toBe(428);
    expect(patch.body.message).toBe(VERSION_REQUIRED);
    const remove = await appendsNothing(app, () => staff.delete(`/api/patients/${created.id}`, DELETION));
    expect(remove.status).toBe(428);
    expect(remove.body.message).toBe(VERSION_REQUIRED);
    expect((await staff.get(`/api/patients/${created.id}`)).body.notes).toBeNull();

    // An explicit `If-Match: *` still says "whatever the version"
    const any = await staff.patch(
      `/api/patients/${created.id}`,
      { notes: 'x' },
      { headers: { 'If-Match': '*' } },
    );
    expect(any.status).toBe(200);
    expect(any.body.notes).toBe('x');

    // A version sent beside the header is checked still; one that contradicts it is refused.
    const path = `/api/patients/${created.id}`;
    const staleBeside = await appendsNothing(app, () =>
      staff.patch(path, { notes: 'y', version: created.version }, { headers: { 'If-Match': '*' } }),
    );
    expect(staleBeside.status).toBe(409);
    expect(staleBeside.body.code).toBe('STALE_PATIENT');
    const contradicting = await appendsNothing(app, () =>
      staff.patch(
        path,
        { notes: 'y', version: created.version },
        { headers: { 'If-Match': `"${any.body.version}"` } },
      ),
    );
    expect(contradicting.status).toBe(400);
    expect(contradicting.body).toEqual({
      code: 'INVALID_IF_MATCH',
      message:
        'O cabeçalho If-Match e a versão enviada não conferem: envie apenas a versão do paciente que você viu.',
    });
    const agreeing = await staff.patch(
      path,
      { notes: 'y', version: any.body.version },
      { headers: { 'If-Match': `"${any.body.version}"` } },
    );
    expect(agreeing.status).toBe(200);
  });

  it('corrects a CPF sent with If-Match: * while the procedures are being ticked, instead of a 409', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000021) }))).body;
    const ticks = created.procedures
      .slice(0, 8)
      .map((procedure: { id: string }) =>
        staff.patch(`/api/procedures/${procedure.id}`, { status: 'completed', completedDate: '2025-01-09' }),
      );
    const correction = staff.patch(
      `/api/patients/${created.id}`,
      { cpf: cpf(100000022) },
      { headers: { 'If-Match': '*' } },
    );
    const [corrected, ...ticked] = await Promise.all([correction, ...ticks]);
    expect(ticked.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(corrected.status).toBe(200);
    const now = (await staff.get(`/api/patients/${created.id}`)).body;
    expect(now.cpf).toBe(cpf(100000022));
    expect(now.completedProcedures).toBe(8);
    // The old CPF is free again, the new one held.
    // (Without a CNS: the patient kept its own, derived from the first CPF.)
    expect((await staff.post('/api/patients', patientForm({ cpf: cpf(100000021), cns: null }))).status).toBe(
      201,
    );
    const taken = await staff.post('/api/patients', patientForm({ cpf: cpf(100000022), cns: null }));
    expect(taken.body).toMatchObject({ code: 'DUPLICATE_CPF' });
    // Attempts made stale by the ticks kept the new CPF's reservation: reserved once, never
    // released and taken again in between.
    const newCpfStream = await app.deps.eventStore.readStream(`patient-cpf-${cpf(100000022)}`);
    expect(newCpfStream.map((event) => event.type)).toEqual(['PatientCpfReserved']);
  });

  it('refuses a date before the stored admission date (400) and appends nothing', async () => {
    const created = (await register(staff, patientForm({ cpf: cpf(100000012) }))).body;
    const response = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${created.id}`, { dischargeDate: '2025-01-01', version: created.version }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'PATIENT_DATES_OUT_OF_ORDER',
      message: 'A data da alta não pode ser anterior à internação.',
      // Under its field, as the form shows a validation error.
      errors: { dischargeDate: 'A data da alta não pode ser anterior à internação.' },
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = randomUUID();
    expect((await staff.get(`/api/patients/${unknown}`)).status).toBe(404);
    expect((await staff.get('/api/patients/nao-existe')).status).toBe(404);
    expect((await staff.get(`/api/patients/${unknown}/procedures`)).status).toBe(404);
    const patch = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${unknown}`, { notes: 'x', version: 0 }),
    );
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Paciente não encontrado');
    const remove = await appendsNothing(app, () =>
      staff.delete(`/api/patients/${unknown}?version=0`, DELETION),
    );
    expect(remove.status).toBe(404);
  });
});

describe('GET /api/patients', () => {
  it('searches, filters by derived status and pages on the server, with X-Total-Count', async () => {
    const app2 = await startTestApp();
    try {
      const client = (await signInAs(app2, 'approved')).client;
      const today = clinicToday(new Date());
      await register(
        client,
        patientForm({ name: 'Ana Évora', cpf: CPFS[0], municipality: SAO_PAULO, cns: null }),
      );
      await register(
        client,
        patientForm({
          name: 'João Batista',
          cpf: CPFS[1],
          municipality: FEIRA,
          cns: '205197384620018',
          surgeryDate: addDaysToDate(today, 10),
        }),
      );
      await register(client, patientForm({ name: 'Zélia Gomes', cpf: CPFS[2], cns: '898317624051701' }));

      const names = async (query: string) => {
        const response = await client.get(`/api/patients${query}`);
        expect(response.status).toBe(200);
        z.array(PatientListRowSchema).parse(response.body);
        return {
          names: response.body.map((row: { name: string }) => row.name),
          total: Number(response.headers.get('x-total-count')),
        };
      };
      // By name, as a Brazilian reader sorts it, unless another order is asked for.
      expect(await names('')).toEqual({ names: ['Ana Évora', 'João Batista', 'Zélia Gomes'], total: 3 });
      expect(await names('?sort=name&direction=desc')).toEqual({
        names: ['Zélia Gomes', 'João Batista', 'Ana Évora'],
        total: 3,
      });
      expect(await names('?sort=registeredAt')).toEqual({
        names: ['Zélia Gomes', 'João Batista', 'Ana Évora'],
        total: 3,
      });
      expect(await names('?sort=admissionDate&direction=asc')).toHaveProperty('total', 3);
      expect(await names('?search=EVORA')).toEqual({ names: ['Ana Évora'], total: 1 });
      expect(await names('?search=sao%20paulo')).toEqual({ names: ['Ana Évora'], total: 1 });
      expect(await names('?search=feira%20de%20SANTANA')).toEqual({ names: ['João Batista'], total: 1 });
      expect(await names('?search=3176240')).toEqual({ names: ['Zélia Gomes'], total: 1 });
      expect(await names('?status=pre_op')).toEqual({ names: ['João Batista'], total: 1 });
      expect(await names('?status=post_op')).toEqual({ names: ['Ana Évora', 'Zélia Gomes'], total: 2 });
      expect(await names('?status=completed')).toEqual({ names: [], total: 0 });
      expect(await names('?status=all&pageSize=2')).toEqual({
        names: ['Ana Évora', 'João Batista'],
        total: 3,
      });
      expect(await names('?pageSize=2&page=2')).toEqual({ names: ['Zélia Gomes'], total: 3 });

      const invalid = await client.get('/api/patients?status=unknown&page=0');
      expect(invalid.status).toBe(400);
      expect(Object.keys(fieldErrors(invalid)).sort()).toEqual(['page', 'status']);
      // Only decimal digits: '0x10' and '1e2' were read as 16 and 100, '' as 0.
      for (const query of ['page=0x10', 'page=1e2', 'pageSize=', 'pageSize=%20']) {
        const refused = await client.get(`/api/patients?${query}`);
        expect(refused.status, query).toBe(400);
        expect(Object.values(fieldErrors(refused)), query).toEqual([WHOLE_NUMBER_MESSAGE]);
      }
    } finally {
      await app2.stop();
    }
  });
});

describe('who may use the patient routes', () => {
  it('answers 401 signed out and 403 to pending and rejected users, for reads and writes', async () => {
    const signedOut = createClient(app.baseUrl);
    const pending = (await signInAs(app, 'pending')).client;
    const rejected = (await signInAs(app, 'rejected')).client;
    const id = randomUUID();
    for (const [client, status] of [
      [signedOut, 401],
      [pending, 403],
      [rejected, 403],
    ] as const) {
      expect((await client.get('/api/patients')).status).toBe(status);
      expect((await client.get(`/api/patients/${id}`)).status).toBe(status);
      expect((await client.get(`/api/patients/${id}/procedures`)).status).toBe(status);
      expect((await client.get('/api/statistics')).status).toBe(status);
      expect((await client.get('/api/procedure-types')).status).toBe(status);
      const writes = await appendsNothing(app, async () => [
        await client.post('/api/patients', patientForm({ cpf: cpf(100000008) })),
        await client.patch(`/api/patients/${id}`, { notes: 'x' }),
        await client.delete(`/api/patients/${id}`),
        await client.post('/api/procedures', { patientId: id, procedureTypeId: 'x', status: 'pending' }),
        await client.patch(`/api/procedures/${id}`, { status: 'pending' }),
        await client.post('/api/procedure-types', { name: 'Novo', category: 'pre_op_exam' }),
      ]);
      expect(writes.map((response) => response.status)).toEqual(Array(writes.length).fill(status));
    }
  });
});
