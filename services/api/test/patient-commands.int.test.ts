import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PROTOCOL_CATALOGUE,
  PatientDetailDtoSchema,
  PatientRegistered,
  ProcedureTypeDefined,
  type PatientDetailDto,
} from '@bari/contracts';
import { patientDetails, patientForm, validCpf as cpf } from '@bari/contracts/testing';
import { signInAs, type TestClient } from './support/http-client.ts';
import { DELETION, register } from './support/patient-requests.ts';
import {
  appendEvents,
  appendedBy,
  appendsNothing,
  appendsOnlyAccessRecords,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

/*
 * The patient command path over HTTP: the events a registration and 'Atualizar
 * Procedimentos' write, the streams a registration reads, `Idempotency-Key`, procedure types
 * defined by another instance of the API, and the `code` of the refusals.
 */

const required = PROTOCOL_CATALOGUE.filter((type) => type.isRequired);

let app: TestApp;
let staff: TestClient;
let otherStaff: TestClient;
let admin: TestClient;
let cpfSeed = 600000000;
const nextCpf = () => cpf((cpfSeed += 1));

beforeAll(async () => {
  app = await startTestApp();
  admin = (await signInAs(app, 'admin')).client;
  staff = (await signInAs(app, 'approved')).client;
  otherStaff = (await signInAs(app, 'approved')).client;
});
afterAll(() => app?.stop());

const streamOf = async (patientId: string) => app.deps.eventStore.readStream(`patient-${patientId}`);
const detailOf = (body: unknown): PatientDetailDto => PatientDetailDtoSchema.parse(body);

describe('registration', () => {
  it('appends the registration and one RequiredProceduresAssigned listing every required type', async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const events = await streamOf(patient.id);
    expect(events.map((event) => event.type)).toEqual(['PatientRegistered', 'RequiredProceduresAssigned']);
    const assigned = events[1]!.data as { reason: string; procedures: { procedureId: string }[] };
    expect(assigned.reason).toBe('registration');
    expect(assigned.procedures).toHaveLength(required.length);
    expect(patient.procedures.map((procedure) => procedure.id)).toEqual(
      assigned.procedures.map((procedure) => procedure.procedureId),
    );
    expect(patient.version).toBe(1);
    // registeredAt is the instant the registration was decided (its metadata), as GET shows it
    expect(patient.registeredAt).toBe(events[0]!.metadata.timestamp);
    expect(detailOf((await staff.get(`/api/patients/${patient.id}`)).body).registeredAt).toBe(
      patient.registeredAt,
    );
  });

  it('reads each stream it needs once: the CPF, the CNS, the new patient, the newest procedure types', async () => {
    const form = patientForm({ cpf: nextCpf() });
    const readStream = vi.spyOn(app.deps.eventStore, 'readStream');
    try {
      const created = await register(staff, form);
      const patientId = (created.body as { id: string }).id;
      const streams = readStream.mock.calls.map(([streamId]) => streamId);
      expect(streams.sort()).toEqual(
        [
          `patient-${patientId}`,
          `patient-cpf-${form.cpf.replace(/\D/g, '')}`,
          `patient-cns-${form.cns}`,
          'procedure-types',
        ].sort(),
      );
      // The procedure types: only what was appended after the revision this process knows
      const typesRead = readStream.mock.calls.find(([streamId]) => streamId === 'procedure-types');
      expect(typesRead?.[1]?.fromRevision).toBeGreaterThan(0n);
    } finally {
      readStream.mockRestore();
    }
  });
});

describe('Idempotency-Key', () => {
  it('writes a retried registration once and answers it with the same patient', async () => {
    const form = patientForm({ cpf: nextCpf(), name: 'Paciente Idempotente' });
    const key = randomUUID();
    const first = await staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);

    const retried = await appendsNothing(app, () =>
      staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } }),
    );
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect(retried.headers.get('location')).toBe(first.headers.get('location'));
    expect(retried.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await streamOf(detailOf(first.body).id)).toHaveLength(2);
  });

  it('scopes a key to its user: the same key from someone else is another command (here a duplicate CPF)', async () => {
    const form = patientForm({ cpf: nextCpf() });
    const key = randomUUID();
    expect((await staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } })).status).toBe(
      201,
    );
    const other = await otherStaff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'DUPLICATE_CPF' });
  });

  it('without a key, a repeated registration is a duplicate CPF (and CNS)', async () => {
    const form = patientForm({ cpf: nextCpf() });
    await register(staff, form);
    const [again, appended] = await appendedBy(app, () => staff.post('/api/patients', form));
    // Refused, writing nothing of the patient; what the refusal told (both are a patient's) is
    // recorded as a search by each value, as the form's check while typing would be.
    expect(appended.map(({ type, data }) => [type, data])).toEqual([
      [
        'RecordAccessed',
        expect.objectContaining({
          action: 'SEARCH_PATIENTS',
          parameters: { search: form.cpf.replace(/\D/g, ''), purpose: 'identifier_check' },
        }),
      ],
      [
        'RecordAccessed',
        expect.objectContaining({
          action: 'SEARCH_PATIENTS',
          parameters: { search: form.cns!.replace(/\D/g, ''), purpose: 'identifier_check' },
        }),
      ],
    ]);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'DUPLICATE_CPF',
      message: 'Já existe um paciente com este CPF',
      // The same form holds the same CNS: both fields are named.
      errors: { cpf: 'Já existe um paciente com este CPF', cns: 'Já existe um paciente com este CNS' },
    });
  });

  it('writes a retried procedure addition once and answers it with the same procedure', async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const optional = PROTOCOL_CATALOGUE.find((type) => !type.isRequired)!;
    const body = { patientId: patient.id, procedureTypeId: optional.id, status: 'pending' };
    const key = randomUUID();
    const first = await staff.post('/api/procedures', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const retried = await appendsNothing(app, () =>
      staff.post('/api/procedures', body, { headers: { 'Idempotency-Key': key } }),
    );
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    // Without the key the same addition is refused: the patient has that type already
    const again = await staff.post('/api/procedures', body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PROCEDURE_ALREADY_ASSIGNED' });
  });

  it('refuses a retry whose body differs from the first request (422) and writes nothing', async () => {
    const form = patientForm({ cpf: nextCpf(), name: 'Paciente Da Chave' });
    const key = randomUUID();
    const first = await staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    for (const changed of [
      { ...form, name: 'Outro Nome' },
      { ...form, cpf: nextCpf() },
    ]) {
      const reused = await appendsNothing(app, () =>
        staff.post('/api/patients', changed, { headers: { 'Idempotency-Key': key } }),
      );
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    // The same body with its keys in another order is the same request
    const reordered = Object.fromEntries(Object.entries(form).reverse());
    const retried = await staff.post('/api/patients', reordered, { headers: { 'Idempotency-Key': key } });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
  });

  it('answers the same patient to every copy of one registration sent at once', async () => {
    const form = patientForm({ cpf: nextCpf(), name: 'Paciente Repetida' });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => detailOf(answer.body).id));
    expect(ids.size).toBe(1);
    expect(await streamOf([...ids][0]!)).toHaveLength(2);
  });

  it('one key sent at once with different bodies: one registration, the others refused (422), their CPFs free', async () => {
    const key = randomUUID();
    const forms = Array.from({ length: 8 }, (_, index) =>
      patientForm({ cpf: nextCpf(), name: `Paciente Simultânea ${index}` }),
    );
    const answers = await Promise.all(
      forms.map((form) => staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(forms.length - 1);
    const refused = forms.filter((_, index) => statuses[index] === 422);
    for (const form of refused) expect((await register(staff, form)).status).toBe(201);
  });

  it('one key sent for two patients adds a procedure to each, never one procedure to both', async () => {
    const first = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const second = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const optional = PROTOCOL_CATALOGUE.find((type) => !type.isRequired)!;
    const key = randomUUID();
    const added = await Promise.all(
      [first, second].map((patient) =>
        staff.post(
          '/api/procedures',
          { patientId: patient.id, procedureTypeId: optional.id, status: 'pending' },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    );
    expect(added.map((answer) => answer.status)).toEqual([201, 201]);
    const [one, two] = added.map((answer) => (answer.body as { id: string }).id);
    expect(one).not.toBe(two);
    // Both reach the read model: the patients projection did not stop on a duplicate key
    for (const [patient, procedureId] of [
      [first, one],
      [second, two],
    ] as const) {
      const page = detailOf((await staff.get(`/api/patients/${patient.id}`)).body);
      expect(page.procedures.map((procedure) => procedure.id)).toContain(procedureId);
    }
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const form = patientForm({ cpf: nextCpf() });
    for (const key of ['com espaço', 'x'.repeat(256)]) {
      const response = await appendsNothing(app, () =>
        staff.post('/api/patients', form, { headers: { 'Idempotency-Key': key } }),
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
    }
  });
});

describe('writes that meet each other', () => {
  it.each([
    ['CNS', 'cns', 'PatientCnsReleased', 'DUPLICATE_CNS'],
    ['CPF', 'cpf', 'PatientCpfReleased', 'DUPLICATE_CPF'],
  ] as const)(
    'a %s correction undone while the first is still releasing the old value keeps it held',
    async (_name, field, releasedType, duplicateCode) => {
      const form = patientForm({ cpf: nextCpf() });
      const patient = detailOf((await register(staff, form)).body);
      const other = patientForm({ cpf: nextCpf() });
      const [x, y] = [patient[field]!, other[field]!.replace(/\D/g, '')];
      // The first correction (x → y) is held back just before it releases x.
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let held = false;
      const store = app.deps.eventStore;
      const append = store.appendToStream.bind(store);
      const spy = vi.spyOn(store, 'appendToStream').mockImplementation(async (streamId, events, expected) => {
        if (!held && streamId === `patient-${field}-${x}` && events[0]?.type === releasedType) {
          held = true;
          await gate;
        }
        return append(streamId, events, expected);
      });
      try {
        const path = `/api/patients/${patient.id}`;
        const first = staff.patch(path, { [field]: y }, { headers: { 'If-Match': '*' } });
        await vi.waitFor(() => expect(held).toBe(true));
        // Meanwhile the correction is undone (y → x), entirely.
        const second = await staff.patch(path, { [field]: x }, { headers: { 'If-Match': '*' } });
        expect(second.status).toBe(200);
        openGate();
        expect((await first).status).toBe(200);
      } finally {
        spy.mockRestore();
      }
      expect(detailOf((await staff.get(`/api/patients/${patient.id}`)).body)[field]).toBe(x);
      // The patient holds x: no one else may take it; y was given back.
      const taking = { ...patientForm({ cpf: nextCpf() }), [field]: x };
      expect((await staff.post('/api/patients', taking)).body).toMatchObject({ code: duplicateCode });
      const takingY = { ...patientForm({ cpf: nextCpf() }), [field]: y };
      expect((await staff.post('/api/patients', takingY)).status).toBe(201);
    },
  );

  it.each([
    ['CNS', 'cns', 'DUPLICATE_CNS'],
    ['CPF', 'cpf', 'DUPLICATE_CPF'],
  ] as const)(
    'an update without a version naming its %s unchanged, overtaken by a correction of it, takes the value back reserved',
    async (_name, field, duplicateCode) => {
      const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
      const other = patientForm({ cpf: nextCpf() });
      const [x, y] = [patient[field]!, other[field]!.replace(/\D/g, '')];
      const path = `/api/patients/${patient.id}`;
      const store = app.deps.eventStore;
      const append = store.appendToStream.bind(store);
      let intercepted = false;
      let corrected = 0;
      const spy = vi.spyOn(store, 'appendToStream').mockImplementation(async (streamId, events, expected) => {
        if (!intercepted && streamId === `patient-${patient.id}` && events[0]?.type === 'PatientUpdated') {
          intercepted = true;
          // Between the update's read and its append, another user corrects the value (x → y).
          corrected = (await otherStaff.patch(path, { [field]: y }, { headers: { 'If-Match': '*' } })).status;
        }
        return append(streamId, events, expected);
      });
      let update;
      try {
        // A whole form sent again without a version: the value as it was read (x), and a note.
        update = await staff.patch(
          path,
          { [field]: x, notes: 'formulário inteiro' },
          { headers: { 'If-Match': '*' } },
        );
      } finally {
        spy.mockRestore();
      }
      expect(corrected).toBe(200);
      expect(update.status).toBe(200);
      const now = detailOf((await staff.get(path)).body);
      expect([now[field], now.notes]).toEqual([x, 'formulário inteiro']);
      // The patient holds x again, reserved: no one else may take it; y was given back.
      const taking = { ...patientForm({ cpf: nextCpf() }), [field]: x };
      expect((await staff.post('/api/patients', taking)).body).toMatchObject({ code: duplicateCode });
      const takingY = { ...patientForm({ cpf: nextCpf() }), [field]: y };
      expect((await staff.post('/api/patients', takingY)).status).toBe(201);
    },
  );

  it('a refused CPF correction writes nothing and leaves the new CPF free', async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const wanted = nextCpf();
    const refused = await appendsNothing(app, () =>
      staff.patch(`/api/patients/${patient.id}`, {
        cpf: wanted,
        dischargeDate: '2025-01-01', // before the admission: refused by the decider, before any reservation
        version: patient.version,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PATIENT_DATES_OUT_OF_ORDER' });
    expect((await staff.post('/api/patients', patientForm({ cpf: wanted }))).status).toBe(201);
  });

  it("ticks a burst of one patient's procedures sent at once, none lost to a conflict", async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const burst = patient.procedures.slice(0, 12);
    const answers = await Promise.all(
      burst.map((procedure) =>
        staff.patch(`/api/procedures/${procedure.id}`, { status: 'completed', completedDate: '2025-01-09' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(burst.length).fill(200));
    const page = detailOf((await staff.get(`/api/patients/${patient.id}`)).body);
    const completed = page.procedures.filter((procedure) => procedure.status === 'completed');
    expect(completed.map((procedure) => procedure.id).sort()).toEqual(
      burst.map((procedure) => procedure.id).sort(),
    );
  });

  it('a deletion without a version is decided again when a tick lands first', async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const store = app.deps.eventStore;
    const append = store.appendToStream.bind(store);
    let ticked = 0;
    const spy = vi.spyOn(store, 'appendToStream').mockImplementationOnce(async (...args) => {
      // Between the deletion's read and its append, a nurse ticks a procedure
      const tick = await staff.patch(`/api/procedures/${patient.procedures[0]!.id}`, {
        status: 'completed',
        completedDate: '2025-01-09',
      });
      ticked = tick.status;
      return append(...args);
    });
    try {
      const deletion = await staff.delete(`/api/patients/${patient.id}`, DELETION, {
        headers: { 'If-Match': '*' },
      });
      expect(ticked).toBe(200);
      expect(deletion.status).toBe(204);
    } finally {
      spy.mockRestore();
    }
    expect((await staff.get(`/api/patients/${patient.id}`)).status).toBe(404);
    expect((await streamOf(patient.id)).map((event) => event.type).slice(-2)).toEqual([
      'ProcedureCompleted',
      'PatientDeleted',
    ]);
  });
});

describe('the CNS names one patient, as the CPF does', () => {
  const DUPLICATE_CNS = {
    code: 'DUPLICATE_CNS',
    message: 'Já existe um paciente com este CNS',
    errors: { cns: 'Já existe um paciente com este CNS' },
  };
  const cnsOf = (patient: PatientDetailDto) => patient.cns!;
  const reservations = async (cns: string) =>
    (await app.deps.eventStore.readStream(`patient-cns-${cns}`)).map((event) => event.type);

  it('refuses a second patient with a held CNS, typed any way, and writes nothing', async () => {
    const first = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const typed = cnsOf(first).replace(/^(\d{3})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4');
    const [second, appended] = await appendedBy(app, () =>
      staff.post('/api/patients', patientForm({ cpf: nextCpf(), cns: typed })),
    );
    expect(appended.map(({ type, data }) => [type, data])).toEqual([
      [
        'RecordAccessed',
        expect.objectContaining({
          action: 'SEARCH_PATIENTS',
          parameters: { search: cnsOf(first), purpose: 'identifier_check' },
        }),
      ],
    ]);
    expect(second.status).toBe(409);
    expect(second.body).toEqual(DUPLICATE_CNS);
    // Without a CNS, or with one of their own, others are registered as before.
    expect((await staff.post('/api/patients', patientForm({ cpf: nextCpf(), cns: null }))).status).toBe(201);
    expect((await staff.post('/api/patients', patientForm({ cpf: nextCpf(), cns: '' }))).status).toBe(201);
  });

  it('a registration that finds both its CPF and CNS taken while it was appending names both fields', async () => {
    const form = patientForm({ cpf: nextCpf() });
    const store = app.deps.eventStore;
    const append = store.appendToStream.bind(store);
    // The first registration's two reservations are held after both values were read free,
    // while a second registration of the same patient takes both.
    let held = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(store, 'appendToStream').mockImplementation(async (...args) => {
      if (held < 2) {
        held += 1;
        await gate;
      }
      return append(...args);
    });
    try {
      const first = staff.post('/api/patients', form);
      await vi.waitFor(() => expect(held).toBe(2));
      expect((await staff.post('/api/patients', form)).status).toBe(201);
      release();
      const refused = await first;
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: 'DUPLICATE_CPF',
        message: 'Já existe um paciente com este CPF',
        errors: { cpf: 'Já existe um paciente com este CPF', cns: 'Já existe um paciente com este CNS' },
      });
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('two registrations of one CNS at once: one is written, the other refused, its CPF left free', async () => {
    const forms = [nextCpf(), nextCpf()].map((cpf, index) =>
      patientForm({ cpf, cns: patientForm({ cpf: nextCpf() }).cns, name: `Paciente Simultânea ${index}` }),
    );
    forms[1] = { ...forms[1]!, cns: forms[0]!.cns };
    const answers = await Promise.all(forms.map((form) => staff.post('/api/patients', form)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = forms[answers.findIndex((answer) => answer.status === 409)]!;
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual(DUPLICATE_CNS);
    // The refused registration's CPF was reserved for it and released: it can be used again.
    expect((await register(staff, { ...refused, cns: null })).status).toBe(201);
  });

  it('a correction to a held CNS is refused; a CNS corrected, removed or deleted is free for another', async () => {
    const holder = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const other = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const held = cnsOf(holder);

    const taken = await appendsOnlyAccessRecords(app, () =>
      staff.patch(`/api/patients/${other.id}`, { cns: held, version: other.version }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(DUPLICATE_CNS);

    // The holder corrects its CNS: the old one is released, the new one held.
    const corrected = patientForm({ cpf: nextCpf() }).cns!;
    const moved = await staff.patch(`/api/patients/${holder.id}`, {
      cns: corrected,
      version: holder.version,
    });
    expect(moved.status).toBe(200);
    expect(await reservations(held)).toEqual(['PatientCnsReserved', 'PatientCnsReleased']);
    const retaken = await staff.patch(`/api/patients/${other.id}`, { cns: held, version: other.version });
    expect(retaken.status).toBe(200);
    expect(detailOf(retaken.body).cns).toBe(held);
    // The old CNS of `other` went with its correction.
    expect(await reservations(cnsOf(other))).toEqual(['PatientCnsReserved', 'PatientCnsReleased']);

    // Removing the CNS frees it; so does deleting the patient.
    const removed = await staff.patch(
      `/api/patients/${other.id}`,
      { cns: null },
      { headers: { 'If-Match': '*' } },
    );
    expect(removed.status).toBe(200);
    expect(detailOf(removed.body).cns).toBeNull();
    expect((await register(staff, patientForm({ cpf: nextCpf(), cns: held }))).status).toBe(201);
    expect(
      (await staff.delete(`/api/patients/${holder.id}`, DELETION, { headers: { 'If-Match': '*' } })).status,
    ).toBe(204);
    expect((await register(staff, patientForm({ cpf: nextCpf(), cns: corrected }))).status).toBe(201);
  });

  it('a registration whose CPF and CNS are both held names both fields, and writes nothing', async () => {
    const holder = patientForm({ cpf: nextCpf() });
    await register(staff, holder);
    const both = await appendsOnlyAccessRecords(app, () =>
      staff.post('/api/patients', { ...patientForm({ cpf: holder.cpf }), cns: holder.cns }),
    );
    expect(both.status).toBe(409);
    expect(both.body).toEqual({
      code: 'DUPLICATE_CPF',
      message: 'Já existe um paciente com este CPF',
      errors: { cpf: 'Já existe um paciente com este CPF', cns: 'Já existe um paciente com este CNS' },
    });
  });

  it('a refused registration (duplicate CPF) leaves its CNS free', async () => {
    const first = patientForm({ cpf: nextCpf() });
    await register(staff, first);
    const cns = patientForm({ cpf: nextCpf() }).cns;
    const refused = await staff.post('/api/patients', { ...first, cns });
    expect(refused.body).toMatchObject({ code: 'DUPLICATE_CPF' });
    expect((await register(staff, patientForm({ cpf: nextCpf(), cns }))).status).toBe(201);
  });

  it('knows the CNS of patients registered before CNS reservations existed', async () => {
    // A patient written as the releases before this one wrote it: no `patient-cns-` stream,
    // and its CNS stored as printed on the card (written by other means than this API).
    const legacyId = randomUUID();
    const legacy = patientForm({ cpf: nextCpf() });
    const printed = legacy.cns!.replace(/^(\d{3})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4');
    expect(printed).not.toBe(legacy.cns);
    await appendEvents(app, `patient-${legacyId}`, [
      PatientRegistered.create({
        patientId: legacyId,
        ...patientDetails({ cpf: legacy.cpf.replace(/\D/g, ''), cns: printed }),
      }),
    ]);
    await vi.waitFor(async () => expect((await staff.get(`/api/patients/${legacyId}`)).status).toBe(200));
    expect(await reservations(legacy.cns!)).toEqual([]);

    const duplicate = await appendsOnlyAccessRecords(app, () =>
      staff.post('/api/patients', patientForm({ cpf: nextCpf(), cns: legacy.cns })),
    );
    expect(duplicate.body).toEqual(DUPLICATE_CNS);
    // Editing the legacy patient's other fields needs no reservation and changes none.
    const edited = await staff.patch(
      `/api/patients/${legacyId}`,
      { notes: 'revisado' },
      { headers: { 'If-Match': '*' } },
    );
    expect(edited.status).toBe(200);
    expect(await reservations(legacy.cns!)).toEqual([]);

    // Once the legacy patient is deleted, its CNS is free.
    expect(
      (await staff.delete(`/api/patients/${legacyId}`, DELETION, { headers: { 'If-Match': '*' } })).status,
    ).toBe(204);
    expect((await register(staff, patientForm({ cpf: nextCpf(), cns: legacy.cns }))).status).toBe(201);
  });
});

describe('procedure types defined by another instance of the API', () => {
  it('are known to the next registration (required) and to the add-procedure command (optional)', async () => {
    const requiredType = {
      id: `pre_op_exam.outra-instancia-${randomUUID().slice(0, 8)}`,
      name: `Exame de outra instância ${randomUUID().slice(0, 8)}`,
      category: 'pre_op_exam' as const,
      phase: 'pre_operative' as const,
      isRequired: true,
      scheduledMonth: null,
    };
    const optionalType = { ...requiredType, id: `${requiredType.id}-opcional`, isRequired: false };
    // Appended straight to the stream: this process's routes never saw them
    await appendEvents(app, 'procedure-types', [
      ProcedureTypeDefined.create({ ...requiredType, source: 'staff' }),
      ProcedureTypeDefined.create({ ...optionalType, name: `${optionalType.name} B`, source: 'staff' }),
    ]);

    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    expect(patient.procedures.map((procedure) => procedure.procedureTypeId)).toContain(requiredType.id);

    const added = await staff.post('/api/procedures', {
      patientId: patient.id,
      procedureTypeId: optionalType.id,
      status: 'pending',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ procedureTypeId: optionalType.id, status: 'pending' });
  });
});

describe("'Atualizar Procedimentos'", () => {
  it('appends one RequiredProceduresAssigned (migration) per patient lacking a type', async () => {
    const patients = [
      detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body),
      detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body),
    ];
    const newTypeIds: string[] = [];
    for (const n of [1, 2]) {
      const name = `Exame obrigatório novo ${n} ${randomUUID().slice(0, 8)}`;
      const created = await admin.post('/api/procedure-types', {
        name,
        category: 'pre_op_exam',
        isRequired: true,
      });
      expect(created.status).toBe(201);
      newTypeIds.push((created.body as { id: string }).id);
    }
    const total = Number((await staff.get('/api/patients?pageSize=1')).headers.get('x-total-count'));
    const [response, appended] = await appendedBy(app, () => admin.post('/api/admin/run-migration'));
    expect(response.status).toBe(200);
    // The run itself, last, with what it did
    expect(appended.at(-1)).toMatchObject({
      streamId: 'maintenance',
      type: 'MaintenanceRan',
      data: { operation: 'run_migration', patients: total, changes: response.body.added },
    });
    const written = appended.slice(0, -1);
    // One event per patient, each listing what that patient lacked
    expect(written).toHaveLength(total);
    expect(new Set(written.map((event) => event.streamId)).size).toBe(total);
    const data = written.map(
      (event) => event.data as { reason: string; procedures: { procedureType: { id: string } }[] },
    );
    expect(written.every((event) => event.type === 'RequiredProceduresAssigned')).toBe(true);
    expect(data.every((event) => event.reason === 'migration')).toBe(true);
    expect(response.body).toMatchObject({
      added: data.reduce((sum, event) => sum + event.procedures.length, 0),
    });
    for (const patient of patients) {
      const last = (await streamOf(patient.id)).at(-1)!;
      expect(last.type).toBe('RequiredProceduresAssigned');
      const ids = (last.data as (typeof data)[number]).procedures.map(
        (procedure) => procedure.procedureType.id,
      );
      expect(ids).toEqual(newTypeIds);
    }

    // Nobody lacks a type any more: a second run changes no patient, and only the run is recorded.
    const [again, appendedAgain] = await appendedBy(app, () => admin.post('/api/admin/run-migration'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ added: 0 });
    expect(appendedAgain.map((event) => [event.streamId, event.type, event.data])).toEqual([
      ['maintenance', 'MaintenanceRan', { operation: 'run_migration', patients: 0, changes: 0, skipped: 0 }],
    ]);
  });
});

describe('error codes', () => {
  it('name each refusal beside its Portuguese message', async () => {
    const patient = detailOf((await register(staff, patientForm({ cpf: nextCpf() }))).body);
    const path = `/api/patients/${patient.id}`;

    const invalid = await staff.post('/api/patients', patientForm({ cpf: '111.111.111-11' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION', errors: { cpf: expect.any(String) } });

    const unversioned = await staff.patch(path, { notes: 'sem versão' });
    expect(unversioned.status).toBe(428);
    expect(unversioned.body).toMatchObject({ code: 'PATIENT_VERSION_REQUIRED' });

    expect((await staff.patch(path, { notes: 'primeira', version: patient.version })).status).toBe(200);
    const stale = await staff.patch(path, { notes: 'segunda', version: patient.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STALE_PATIENT' });

    const badIfMatch = await staff.patch(path, { notes: 'x' }, { headers: { 'If-Match': 'abc' } });
    expect(badIfMatch.body).toMatchObject({ code: 'INVALID_IF_MATCH' });

    const missing = await staff.get(`/api/patients/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PATIENT_NOT_FOUND' });

    const future = await staff.post('/api/procedures', {
      patientId: patient.id,
      procedureTypeId: required[0]!.id,
      status: 'completed',
      completedDate: '2999-01-01',
      location: 'Hospital',
      professionalName: 'Dra. Ana',
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: expect.stringMatching(/^(VALIDATION|FUTURE_COMPLETION_DATE)$/),
    });

    // A post-operative visit dated before the surgery: refused at the date, nothing written.
    const operated = detailOf(
      (await register(staff, patientForm({ cpf: nextCpf(), surgeryDate: '2026-01-12' }))).body,
    );
    const visit = operated.procedures.find(
      (procedure) => procedure.procedureType.phase === 'post_operative',
    )!;
    const beforeSurgery = await appendsNothing(app, () =>
      staff.patch(`/api/procedures/${visit.id}`, { status: 'completed', completedDate: '2025-01-01' }),
    );
    expect(beforeSurgery.status).toBe(400);
    const message =
      'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (12/01/2026).';
    expect(beforeSurgery.body).toEqual({
      code: 'COMPLETION_BEFORE_SURGERY',
      message,
      errors: { completedDate: message },
    });

    // A pre-operative exam dated after it (a tick of today, by the API's default): refused too.
    const exam = operated.procedures.find((procedure) => procedure.procedureType.phase === 'pre_operative')!;
    const afterSurgery = await appendsNothing(app, () =>
      staff.patch(`/api/procedures/${exam.id}`, { status: 'completed' }),
    );
    const afterMessage =
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (12/01/2026).';
    expect(afterSurgery.status).toBe(400);
    expect(afterSurgery.body).toEqual({
      code: 'COMPLETION_AFTER_SURGERY',
      message: afterMessage,
      errors: { completedDate: afterMessage },
    });
    const allLabs = await appendsNothing(app, () =>
      staff.post(`/api/patients/${operated.id}/procedures/complete-pending-labs`, {
        completedDate: '2026-01-13',
      }),
    );
    expect(allLabs.body).toMatchObject({ code: 'COMPLETION_AFTER_SURGERY' });
    expect(
      (await staff.patch(`/api/procedures/${exam.id}`, { status: 'completed', completedDate: '2026-01-12' }))
        .status,
    ).toBe(200);

    const pending = (await signInAs(app, 'pending')).client;
    expect((await pending.get('/api/patients')).body).toMatchObject({ code: 'NOT_APPROVED' });
    expect((await staff.post('/api/admin/run-migration')).body).toMatchObject({ code: 'NOT_ADMIN' });
  });
});
