import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_LABELS,
  NOTES_MAX_LENGTH,
  PatientDetailDtoSchema,
  reportMessages,
  type MunicipalityStatistic,
  type PatientDetailDto,
} from '@bari/contracts';
import { appendsNothing, readAllEvents, startTestApp, type TestApp } from './support/test-app.ts';
import { createClient, signInAs, type TestClient } from './support/http-client.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';
import { CPFS, FEIRA, SAO_PAULO, patientForm, validCpf } from '@bari/contracts/testing';
import { DELETION, register } from './support/patient-requests.ts';

let app: TestApp;
let staff: TestClient;
let maria: PatientDetailDto;

/** Ticks a procedure done on a date, through the API. */
async function complete(procedureId: string, completedDate: string): Promise<void> {
  const response = await staff.patch(`/api/procedures/${procedureId}`, {
    status: 'completed',
    completedDate,
  });
  if (response.status !== 200) throw new Error(`complete failed: ${response.status} ${response.text}`);
}

beforeAll(async () => {
  app = await startTestApp();
  staff = (await signInAs(app, 'approved')).client;
  // Maria and Ana in Salvador (Hospital Geral Roberto Santos), João in São Paulo (Santa Casa).
  maria = PatientDetailDtoSchema.parse((await register(staff)).body);
  const joao = PatientDetailDtoSchema.parse(
    (
      await register(
        staff,
        patientForm({
          name: 'João Gonçalves',
          cpf: CPFS[1],
          cns: null,
          municipality: SAO_PAULO,
          surgeryLocation: 'Santa Casa',
        }),
      )
    ).body,
  );
  await register(staff, patientForm({ name: 'Ana Araújo', cpf: CPFS[2], cns: null }));
  await complete(maria.procedures[0]!.id, '2025-01-05');
  await complete(maria.procedures[1]!.id, '2025-01-06');
  await complete(joao.procedures[0]!.id, '2025-01-07');
  maria = PatientDetailDtoSchema.parse((await staff.get(`/api/patients/${maria.id}`)).body);
});
afterAll(async () => {
  await app?.stop();
});

const pdfOf = async (path: string) => {
  const response = await fetchBytes(staff, path);
  expect(response.status).toBe(200);
  expect(response.contentType).toBe('application/pdf');
  expect(response.disposition).toMatch(/^inline; filename="Relatorio_\w+_\d{4}-\d{2}-\d{2}\.pdf"$/);
  expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(response.bytes);
};

/** Every "Página X de Y" line is there, once per page. */
const expectPageNumbers = ({ text, pages }: { text: string; pages: number }) => {
  for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Página ${page} de ${pages}`);
};

describe('GET /api/reports/municipality and /establishment', () => {
  it('counts per municipality (pt-BR order) and per hospital, in agreement with /api/statistics', async () => {
    const municipalities = (await staff.get('/api/reports/municipality')).body as MunicipalityStatistic[];
    expect(municipalities.map((row) => row.municipality)).toEqual(['Salvador', 'São Paulo']);
    expect(municipalities[0]).toMatchObject({
      ibgeCode: '2927408',
      uf: 'BA',
      totalPatients: 2,
      completedProcedures: 2,
    });
    expect(municipalities[1]).toMatchObject({ totalPatients: 1, completedProcedures: 1 });
    const statistics = (await staff.get('/api/statistics')).body;
    const sum = (key: keyof MunicipalityStatistic) =>
      municipalities.reduce((total, row) => total + Number(row[key]), 0);
    expect({
      totalPatients: sum('totalPatients'),
      completedProcedures: sum('completedProcedures'),
      pendingProcedures: sum('pendingProcedures'),
      overdueProcedures: sum('overdueProcedures'),
    }).toEqual(statistics);
    expect(statistics.overdueProcedures).toBeGreaterThan(0);

    const establishments = (await staff.get('/api/reports/establishment')).body;
    expect(establishments).toEqual([
      expect.objectContaining({ establishment: 'Hospital Geral Roberto Santos', totalPatients: 2 }),
      expect.objectContaining({ establishment: 'Santa Casa', totalPatients: 1, completedProcedures: 1 }),
    ]);
  });
});

describe('GET /api/reports/individual', () => {
  it('is a PDF with the identification, masked CPF, procedures and statuses, who and when, page numbers', async () => {
    const pdf = await pdfOf(`/api/reports/individual?patient=${maria.id}`);
    // Saved, it is told from another patient's of the same day by the name.
    const saved = await fetchBytes(staff, `/api/reports/individual?patient=${maria.id}`);
    expect(saved.disposition).toMatch(
      /^inline; filename="Relatorio_Individual_Maria_da_Conceicao_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(pdf.pages).toBeGreaterThan(1);
    expectPageNumbers(pdf);
    for (const text of [
      'Relatório Individual do Paciente',
      'Maria da Conceição',
      '390.533.447-05',
      'Salvador — BA',
      maria.procedures[0]!.procedureType.name,
      CATEGORY_LABELS.post_op_18mes,
      'Concluído',
      'Atrasado',
      'Pendente',
      '05/01/2025',
      'Gerado por',
      'Período: todo o acompanhamento',
      `${maria.progress}% — 2 de ${maria.totalProcedures} procedimentos concluídos`,
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it('keeps the procedures done (or due) in the range', async () => {
    const pdf = await pdfOf(
      `/api/reports/individual?patient=${maria.id}&startDate=2025-01-01&endDate=2025-01-31`,
    );
    expect(pdf.text).toContain('Período: 01/01/2025 a 31/01/2025');
    expect(pdf.text).toContain(maria.procedures[1]!.procedureType.name);
    expect(pdf.text).not.toContain(CATEGORY_LABELS.post_op_18mes);
    expectPageNumbers(pdf);
  });

  it('prints a procedure whose notes fill more than a page (the longest notes allowed)', async () => {
    const patient = PatientDetailDtoSchema.parse(
      (await register(staff, patientForm({ name: 'Beatriz Notas', cpf: validCpf(310000001), cns: null })))
        .body,
    );
    // A follow-up visit: done after the surgery (10/01/2025), inside the report's period.
    const procedure = patient.procedures.find((p) => p.procedureType.phase === 'post_operative')!;
    const sentence = 'Paciente orientada sobre dieta líquida e retorno ao ambulatório. ';
    const notes = `${sentence.repeat(Math.floor((NOTES_MAX_LENGTH - 20) / sentence.length))}Fim das notas.`;
    expect(notes.length).toBeLessThanOrEqual(NOTES_MAX_LENGTH);
    const response = await staff.patch(`/api/procedures/${procedure.id}`, {
      status: 'completed',
      completedDate: '2025-03-01',
      location: 'Hospital Central',
      professionalName: 'Dra. Lima',
      notes,
    });
    expect(response.status).toBe(200);
    const pdf = await pdfOf(`/api/reports/individual?patient=${patient.id}&startDate=2025-02-15`);
    // pdfmake drops a row that cannot break and is taller than a page: it must be printed, whole.
    expect(pdf.text).toContain(procedure.procedureType.name);
    expect(pdf.text).toContain('Dra. Lima');
    expect(pdf.text.replace(/\s+/g, ' ')).toContain('Fim das notas.');
    expectPageNumbers(pdf);
    // The counts the other reports' tests expect are those of the three patients above.
    expect(
      (await staff.delete(`/api/patients/${patient.id}`, DELETION, { headers: { 'If-Match': '*' } })).status,
    ).toBe(204);
  });

  it('answers 404 for an unknown patient and 400 for missing, bad or reversed dates', async () => {
    const unknown = await staff.get(`/api/reports/individual?patient=${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'PATIENT_NOT_FOUND', message: 'Paciente não encontrado' });
    expect((await staff.get('/api/reports/individual?patient=nao-existe')).status).toBe(404);
    const missing = await staff.get('/api/reports/individual');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION', message: 'Por favor, selecione um paciente' });
    const bad = await staff.get(`/api/reports/individual?patient=${maria.id}&startDate=2025-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Data inválida');
    const reversed = await staff.get(
      `/api/reports/individual?patient=${maria.id}&startDate=2025-03-01&endDate=2025-01-01`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('A data inicial não pode ser posterior à data final.');
  });
});

/** The numbers of the "Total geral" line: patients, completed, pending, overdue. */
function totalLine(text: string): number[] {
  const line = text.split('\n').find((candidate) => candidate.includes('Total geral'));
  expect(line).toBeDefined();
  return [...line!.matchAll(/\d+/g)].map((match) => Number(match[0]));
}

describe('GET /api/reports/municipal', () => {
  it('lists every municipality with its patients, subtotals and totals equal to the statistics', async () => {
    const pdf = await pdfOf('/api/reports/municipal');
    expectPageNumbers(pdf);
    for (const text of [
      'Relatório Municipal de Pacientes',
      'Município: todos os municípios',
      'Subtotal — Salvador: 2 pacientes',
      'Subtotal — São Paulo: 1 paciente',
      'Progresso Geral',
      'Ana Araújo',
      'João Gonçalves',
      '714.602.858-59',
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).not.toContain('só o período');
    const statistics = (await staff.get('/api/statistics')).body;
    expect(totalLine(pdf.text)).toEqual([
      statistics.totalPatients,
      statistics.completedProcedures,
      statistics.pendingProcedures,
      statistics.overdueProcedures,
    ]);
  });

  it('takes the municipality by IBGE code or label; 404 for none; a PDF saying so when nobody matches', async () => {
    const byCode = await pdfOf(`/api/reports/municipal?municipality=${SAO_PAULO.ibgeCode}`);
    const byLabel = await pdfOf(`/api/reports/municipal?municipality=${encodeURIComponent('são paulo')}`);
    const saoPaulo = (await staff.get('/api/reports/municipality')).body[1] as MunicipalityStatistic;
    for (const pdf of [byCode, byLabel]) {
      expect(pdf.text).toContain('Município: São Paulo');
      expect(pdf.text).not.toContain('Ana Araújo');
      expect(totalLine(pdf.text)).toEqual([
        saoPaulo.totalPatients,
        saoPaulo.completedProcedures,
        saoPaulo.pendingProcedures,
        saoPaulo.overdueProcedures,
      ]);
    }
    // A bare name shared by two municipalities with patients: which one is not guessed.
    const bomJesus: string[] = [];
    for (const [index, uf, ibgeCode] of [
      [1, 'PI', '2201903'],
      [2, 'RS', '4302303'],
    ] as const) {
      const registered = await register(
        staff,
        patientForm({
          name: `Paciente de Bom Jesus ${uf}`,
          cpf: validCpf(320000000 + index),
          cns: null,
          municipality: { ibgeCode, name: 'Bom Jesus', uf },
        }),
      );
      expect(registered.status).toBe(201);
      bomJesus.push(registered.body.id);
    }
    const ambiguous = await staff.get('/api/reports/municipal?municipality=Bom%20Jesus');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toEqual({
      code: 'AMBIGUOUS_MUNICIPALITY',
      message:
        'Há mais de um município com pacientes com este nome (Bom Jesus (PI), Bom Jesus (RS)): informe a UF ou o código IBGE.',
    });
    for (const spelled of ['Bom Jesus (RS)', 'bom jesus/rs', 'Bom Jesus — RS']) {
      const pdf = await pdfOf(`/api/reports/municipal?municipality=${encodeURIComponent(spelled)}`);
      expect(pdf.text, spelled).toContain('Paciente de Bom Jesus RS');
      expect(pdf.text, spelled).not.toContain('Paciente de Bom Jesus PI');
    }
    // Out of the other reports' counts again.
    for (const id of bomJesus) {
      expect(
        (await staff.delete(`/api/patients/${id}`, DELETION, { headers: { 'If-Match': '*' } })).status,
      ).toBe(204);
    }
    const nowhere = await staff.get('/api/reports/municipal?municipality=Atlantida');
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toMatchObject({ code: 'NOT_FOUND', message: 'Município não encontrado' });
    const empty = await pdfOf(`/api/reports/municipal?municipality=${FEIRA.ibgeCode}`);
    expect(empty.text).toContain('Nenhum paciente encontrado para os filtros selecionados.');
    // A period lists the patients it concerns: only Maria has procedures done on 05–06/01/2025
    // (all were admitted on 08/01/2025); the admission's day lists everyone, with nothing done.
    const ranged = await pdfOf('/api/reports/municipal?startDate=2025-01-05&endDate=2025-01-06');
    expect(totalLine(ranged.text)).toEqual([1, 2, 0, 0]);
    expect(ranged.text).toContain(maria.name);
    expect(ranged.text).not.toContain('Ana Araújo');
    const admissionDay = await pdfOf('/api/reports/municipal?startDate=2025-01-08&endDate=2025-01-08');
    expect(admissionDay.text).toContain('Ana Araújo');
    expect(totalLine(admissionDay.text)[0]).toBe((await staff.get('/api/statistics')).body.totalPatients);
    // The progress is the whole follow-up's, the counts the period's: the page says which is which.
    expect(ranged.text.replace(/\s+/g, ' ')).toContain(
      'Progresso Geral conta todo o acompanhamento; Concluídos, Pendentes e Atrasados, só o período',
    );
    expect((await staff.get('/api/reports/municipal?endDate=ontem')).status).toBe(400);
  });
});

describe('GET /api/reports/custom', () => {
  it('returns every patient with only the ticked fields', async () => {
    const response = await staff.get('/api/reports/custom?fields=cpf,name');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'Ana Araújo', cpf: '28001238938' },
      { name: 'João Gonçalves', cpf: '71460285859' },
      { name: 'Maria da Conceição', cpf: '39053344705' },
    ]);
    const filtered = await staff.get(
      `/api/reports/custom?fields=municipality,admissionDate,cns&municipality=${SAO_PAULO.ibgeCode}`,
    );
    expect(filtered.body).toEqual([{ cns: null, municipality: 'São Paulo', admissionDate: '2025-01-08' }]);
  });

  it('refuses no field or an unknown one', async () => {
    for (const query of ['', '?fields=', '?fields=name,password']) {
      const response = await staff.get(`/api/reports/custom${query}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(
        /^(Selecione pelo menos um campo\.|Campo desconhecido: password)$/,
      );
    }
  });
});

describe('audit of report access', () => {
  it('records each PDF as GENERATE_REPORT and each custom report as EXPORT_REPORT, with the filters only', async () => {
    // Typed in upper case: the same patient, audited by its id.
    const individual = await fetchBytes(
      staff,
      `/api/reports/individual?patient=${maria.id.toUpperCase()}&startDate=2025-01-01`,
    );
    expect(individual.status).toBe(200);
    await fetchBytes(staff, `/api/reports/municipal?municipality=${SAO_PAULO.ibgeCode}`);
    await staff.get(`/api/reports/custom?fields=name,cpf&municipality=${SAO_PAULO.ibgeCode}`);
    // The screen says what the rows are for: printed, or downloaded as a spreadsheet file.
    await staff.get('/api/reports/custom?fields=name,cns&format=spreadsheet');
    await staff.get('/api/reports/custom?fields=name,cns&format=print');
    const accesses = (await readAllEvents(app))
      .filter((event) => event.type === 'RecordAccessed')
      .map((event) => event.data);
    expect(accesses).toEqual(
      expect.arrayContaining([
        {
          action: 'GENERATE_REPORT',
          patientId: maria.id,
          parameters: { kind: 'individual', startDate: '2025-01-01', endDate: null },
        },
        {
          action: 'GENERATE_REPORT',
          patientId: null,
          parameters: { kind: 'municipal', municipality: SAO_PAULO.ibgeCode, startDate: null, endDate: null },
        },
        {
          action: 'EXPORT_REPORT',
          patientId: null,
          parameters: { kind: 'custom', fields: 'name,cpf', municipality: SAO_PAULO.ibgeCode },
        },
        {
          action: 'EXPORT_REPORT',
          patientId: null,
          parameters: { kind: 'custom', fields: 'name,cns', municipality: null, format: 'spreadsheet' },
        },
        {
          action: 'EXPORT_REPORT',
          patientId: null,
          parameters: { kind: 'custom', fields: 'name,cns', municipality: null, format: 'print' },
        },
      ]),
    );
  });

  it('refuses an unknown export format with a Portuguese message, recording nothing', async () => {
    const refused = await appendsNothing(app, () => staff.get('/api/reports/custom?fields=name&format=csv'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION', message: reportMessages.formatInvalid });
  });
});

describe('a full PDF queue', () => {
  it("refuses the user's next PDF with 503 and Retry-After, recording no access, until a place is free", async () => {
    const { client, user } = await signInAs(app, 'approved');
    // Two reports of this user still being queried: their share of the queue is taken.
    const held = [app.deps.pdfRenderer.reserve(user.id), app.deps.pdfRenderer.reserve(user.id)];
    const accessesBefore = (await readAllEvents(app)).filter(
      (event) => event.type === 'RecordAccessed',
    ).length;
    for (const path of [`/api/reports/individual?patient=${maria.id}`, '/api/reports/municipal']) {
      const refused = await client.get(path);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'REPORTS_BUSY' });
      expect(refused.headers.get('retry-after')).toBe('5');
    }
    const accessesAfter = (await readAllEvents(app)).filter(
      (event) => event.type === 'RecordAccessed',
    ).length;
    expect(accessesAfter).toBe(accessesBefore);
    // Another user is still served; and so is this one once a place is given back.
    expect((await fetchBytes(staff, '/api/reports/municipal')).status).toBe(200);
    held[0]!.release();
    expect((await fetchBytes(client, '/api/reports/municipal')).status).toBe(200);
    held[1]!.release();
  });

  it('gives the place back when the report fails before its layout (404), so the user is not locked out', async () => {
    const { client } = await signInAs(app, 'approved');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await client.get(`/api/reports/individual?patient=${randomUUID()}`)).status).toBe(404);
    }
    expect((await fetchBytes(client, `/api/reports/individual?patient=${maria.id}`)).status).toBe(200);
  });
});

describe('who may read reports', () => {
  it('approved users only: 401 signed out, 403 pending', async () => {
    const pending = (await signInAs(app, 'pending')).client;
    const signedOut = createClient(app.baseUrl);
    for (const path of [
      '/api/reports/municipality',
      '/api/reports/establishment',
      `/api/reports/individual?patient=${maria.id}`,
      '/api/reports/municipal',
      '/api/reports/custom?fields=name',
    ]) {
      expect((await signedOut.get(path)).status).toBe(401);
      expect((await pending.get(path)).status).toBe(403);
    }
  });
});
