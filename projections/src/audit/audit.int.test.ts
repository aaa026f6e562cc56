import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessKeyIssued,
  AuditLogQuerySchema,
  LoginFailed,
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureCompleted,
  ProcedureCompletionChanged,
  RecordAccessed,
  RequiredProceduresAssigned,
  UserLoggedIn,
  type ProcedureType,
} from '@bari/contracts';
import { sql } from '@bari/db';
import { patientDetails } from '../../test/support/patient-fixtures.ts';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { auditProjection } from './projection.ts';
import { CONSTANT_NAMES_MAX, SEARCH_COUNT_CAP, createAuditQueries } from './queries.ts';

// ── Given ─────────────────────────────────────────────────────────────────────────

const MARIA = '00000000-0000-4000-8000-000000000001';
const HEMOGRAMA = 'a0000000-0000-4000-8000-000000000001';
const NURSE = 'b0000000-0000-4000-8000-000000000001';
const KEY = 'c0000000-0000-4000-8000-000000000001';
const nurse = { userId: NURSE, userEmail: 'enfermeira@hospital.br', clientIp: '10.0.0.7' };

const bloodCount: ProcedureType = {
  id: 'pre_op_lab.hemograma',
  name: 'Hemograma completo',
  category: 'pre_op_lab',
  phase: 'pre_operative',
  isRequired: true,
  scheduledMonth: null,
};
const details = patientDetails();

const registration = () => [
  PatientRegistered.create({ patientId: MARIA, ...details }),
  RequiredProceduresAssigned.create({
    patientId: MARIA,
    procedures: [{ procedureId: HEMOGRAMA, procedureType: bloodCount, scheduledDate: null }],
    reason: 'registration',
  }),
];

let harness: ProjectionHarness;
beforeEach(async () => {
  harness = await startProjectionHarness([auditProjection]);
});
afterEach(() => harness.close());

const queries = () => createAuditQueries(harness.pool);
const list = (query: Record<string, unknown> = {}) => queries().list(AuditLogQuerySchema.parse(query));

// ── Then ──────────────────────────────────────────────────────────────────────────

describe('audit projection', { timeout: 60_000 }, () => {
  it('given a registration and a municipality change, then one entry each, the update with old and new values', async () => {
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    await harness.given(
      `patient-${MARIA}`,
      [
        PatientUpdated.create({
          patientId: MARIA,
          changes: { municipality: { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' } },
        }),
      ],
      nurse,
    );

    const { rows, total } = await list();
    expect(total).toBe(3);
    expect(rows.map((row) => row.action)).toEqual(['UPDATE_PATIENT', 'ASSIGN_PROCEDURES', 'CREATE_PATIENT']);
    expect(rows[0]).toMatchObject({
      userId: NURSE,
      userEmail: 'enfermeira@hospital.br',
      ipAddress: '10.0.0.7',
      entityType: 'patient',
      entityId: MARIA,
      entityName: 'Maria da Conceição',
      details: {
        updatedFields: ['municipality'],
        changes: [{ field: 'municipality', from: 'Salvador/BA', to: 'Feira de Santana/BA' }],
      },
    });
    expect(rows[1]?.details).toMatchObject({ values: { reason: 'registration', count: '1' } });
  });

  it('given procedure events, then the procedure is named with its patient, with status and old → new dates', async () => {
    await harness.given(
      `patient-${MARIA}`,
      [
        ...registration(),
        ProcedureCompleted.create({
          patientId: MARIA,
          procedureId: HEMOGRAMA,
          completedDate: '2025-01-02',
          location: 'Lab Central',
          professionalName: null,
          notes: null,
        }),
        ProcedureCompletionChanged.create({
          patientId: MARIA,
          procedureId: HEMOGRAMA,
          completedDate: '2025-01-03',
          location: 'Lab Central',
          professionalName: null,
          notes: null,
        }),
      ],
      nurse,
    );

    const { rows } = await list({ entityType: 'procedure' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'UPDATE_PROCEDURE',
      entityId: HEMOGRAMA,
      entityName: 'Hemograma completo',
      details: {
        updatedFields: ['completedDate'],
        status: 'completed',
        patientId: MARIA,
        patientName: 'Maria da Conceição',
        changes: [{ field: 'completedDate', from: '2025-01-02', to: '2025-01-03' }],
      },
    });
    expect(rows[1]?.details?.changes).toEqual([
      { field: 'status', from: 'pending', to: 'completed' },
      { field: 'completedDate', from: null, to: '2025-01-02' },
      { field: 'location', from: null, to: 'Lab Central' },
    ]);
    // The patient's name finds its procedures too (accents and case aside)
    expect((await list({ search: 'MARIA DA CONCEICAO', entityType: 'procedure' })).total).toBe(2);

    // A text search counts its matches up to a cap, and says when there were more
    const capped = (query: Record<string, unknown>) =>
      createAuditQueries(harness.pool, 1).list(AuditLogQuerySchema.parse(query));
    expect(await capped({ search: 'MARIA DA CONCEICAO', entityType: 'procedure' })).toMatchObject({
      total: 1,
      totalCapped: true,
    });
    expect((await capped({ search: 'MARIA DA CONCEICAO', entityType: 'procedure' })).rows).toHaveLength(2);
    expect(await capped({ entityType: 'procedure' })).toMatchObject({ total: 2, totalCapped: false });
    expect(await list({ search: 'MARIA DA CONCEICAO', entityType: 'procedure' })).toMatchObject({
      totalCapped: false,
    });
  });

  it('given a bulk assignment, then one lookup row per patient until a procedure is first changed in a later batch', async () => {
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    const ids = async () => ((await dump()).entities as { id: string }[]).map((row) => row.id);
    expect(await ids()).toEqual([MARIA, `assigned:${MARIA}`].sort());

    await harness.given(
      `patient-${MARIA}`,
      [
        ProcedureCompleted.create({
          patientId: MARIA,
          procedureId: HEMOGRAMA,
          completedDate: '2025-01-02',
          location: 'Lab Central',
          professionalName: null,
          notes: null,
        }),
      ],
      nurse,
    );

    const { rows } = await list({ entityType: 'procedure' });
    expect(rows[0]).toMatchObject({
      action: 'COMPLETE_PROCEDURE',
      entityId: HEMOGRAMA,
      entityName: 'Hemograma completo',
      details: {
        status: 'completed',
        patientName: 'Maria da Conceição',
        changes: [
          { field: 'status', from: 'pending', to: 'completed' },
          { field: 'completedDate', from: null, to: '2025-01-02' },
          { field: 'location', from: null, to: 'Lab Central' },
        ],
      },
    });
    expect(await ids()).toEqual([HEMOGRAMA, MARIA, `assigned:${MARIA}`].sort());
  });

  it('given later batches that read some procedures of a bulk assignment, then the lookup row keeps all the others', async () => {
    // Given a patient assigned three procedures in bulk
    const [creatinine, endoscopy] = [
      'a0000000-0000-4000-8000-000000000002',
      'a0000000-0000-4000-8000-000000000003',
    ];
    const typed = (id: string, name: string): ProcedureType => ({
      ...bloodCount,
      id: `pre_op_lab.${id}`,
      name,
    });
    await harness.given(
      `patient-${MARIA}`,
      [
        PatientRegistered.create({ patientId: MARIA, ...details }),
        RequiredProceduresAssigned.create({
          patientId: MARIA,
          procedures: [
            { procedureId: HEMOGRAMA, procedureType: bloodCount, scheduledDate: null },
            {
              procedureId: creatinine,
              procedureType: typed('creatinina', 'Creatinina'),
              scheduledDate: '2025-02-01',
            },
          ],
          reason: 'registration',
        }),
      ],
      nurse,
    );
    const complete = (procedureId: string) =>
      ProcedureCompleted.create({
        patientId: MARIA,
        procedureId,
        completedDate: '2025-01-02',
        location: null,
        professionalName: null,
        notes: null,
      });

    // When a later batch completes one (its patient's row is read for that procedure only)
    await harness.given(`patient-${MARIA}`, [complete(HEMOGRAMA)], nurse);
    // And another adds a procedure to the list and completes it in the same batch
    await harness.given(
      `patient-${MARIA}`,
      [
        RequiredProceduresAssigned.create({
          patientId: MARIA,
          procedures: [
            { procedureId: endoscopy, procedureType: typed('endoscopia', 'Endoscopia'), scheduledDate: null },
          ],
          reason: 'migration',
        }),
        complete(endoscopy),
      ],
      nurse,
    );
    // And a last one completes the procedure still listed only in that row
    await harness.given(`patient-${MARIA}`, [complete(creatinine)], nurse);

    // Then each was named, with its scheduled date, from the row, which still lists all three
    const { rows } = await list({ entityType: 'procedure' });
    expect(rows.map((row) => [row.entityName, row.details?.changes?.[0]])).toEqual([
      ['Creatinina', { field: 'status', from: 'pending', to: 'completed' }],
      ['Endoscopia', { field: 'status', from: 'pending', to: 'completed' }],
      ['Hemograma completo', { field: 'status', from: 'pending', to: 'completed' }],
    ]);
    const assigned = ((await dump()).entities as { id: string; state: string }[]).find(
      (row) => row.id === `assigned:${MARIA}`,
    );
    // (the lookup keeps its state as JSON text)
    const state = JSON.parse(assigned!.state) as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual([HEMOGRAMA, creatinine, endoscopy].sort());
    expect(state[creatinine]).toEqual(['Creatinina', '2025-02-01']);
  });

  it('given logins, a refused login, key creation and an access event, then each is an entry; filters and facets', async () => {
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    await harness.given(`access-key-${KEY}`, [
      AccessKeyIssued.create({
        keyId: KEY,
        keyHash: 'a'.repeat(64),
        keyPrefix: 'abcdefgh',
        description: 'Chave da enfermagem',
        expiresAt: null,
        boundUserId: NURSE,
      }),
    ]);
    await harness.given(
      `access-key-${KEY}`,
      [UserLoggedIn.create({ userId: NURSE, email: 'enfermeira@hospital.br', keyId: KEY, approved: true })],
      nurse,
    );
    await harness.given('login-failures', [
      LoginFailed.create({ email: 'intruso@x.com', reason: 'unknown_key', keyId: null }),
    ]);
    await harness.given(
      `access-${NURSE}`,
      [RecordAccessed.create({ action: 'VIEW_PATIENT', patientId: MARIA, parameters: {} })],
      nurse,
    );

    const { rows } = await list({ page: 1, pageSize: 2 });
    expect(rows.map((row) => row.action)).toEqual(['VIEW_PATIENT', 'LOGIN_FAILED']);
    expect(rows[0]).toMatchObject({ entityType: 'patient', entityName: 'Maria da Conceição', details: null });
    expect(rows[1]).toMatchObject({
      userEmail: null,
      entityName: 'intruso@x.com',
      details: { values: { reason: 'unknown_key' } },
    });
    expect((await list({ page: 2, pageSize: 2 })).rows.map((row) => row.action)).toEqual([
      'LOGIN',
      'CREATE_ACCESS_KEY',
    ]);
    expect((await list({ action: 'LOGIN' })).rows[0]?.details).toEqual({
      values: { accessKey: 'Chave da enfermagem', approved: 'true' },
    });
    // "Which patients did this user open between two dates?"
    const opened = await list({
      userId: NURSE,
      action: 'VIEW_PATIENT',
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(opened.rows.map((row) => row.entityName)).toEqual(['Maria da Conceição']);
    expect((await list({ to: '2000-01-01T00:00:00Z' })).total).toBe(0);
    expect((await list({ search: 'visualizar paciente' })).total).toBe(1);
    // The search covers the actor's email and the action's label, though its index holds only
    // the names: emails are matched through the user facets, labels through the catalogue
    const found = async (query: Record<string, unknown>) => (await list(query)).rows.map((row) => row.action);
    expect(await found({ search: 'ENFERMEIRA@HOSPITAL' })).toEqual([
      'VIEW_PATIENT',
      'LOGIN',
      'ASSIGN_PROCEDURES',
      'CREATE_PATIENT',
    ]);
    expect(await found({ search: 'enfermeira', action: 'CREATE_PATIENT' })).toEqual(['CREATE_PATIENT']);
    expect(await found({ search: 'obrigatórios' })).toEqual(['ASSIGN_PROCEDURES']);
    expect(await found({ search: 'intruso@x' })).toEqual(['LOGIN_FAILED']);
    expect(await found({ search: 'conceicao' })).toEqual([
      'VIEW_PATIENT',
      'ASSIGN_PROCEDURES',
      'CREATE_PATIENT',
    ]);
    expect(await found({ search: 'ninguém' })).toEqual([]);
    const indexed = await harness.pool.anyFirst(
      sql.type(z.object({ terms: z.array(z.string()) }))`
        select search_terms as terms from audit_log where action = 'VIEW_PATIENT'
      `,
    );
    expect(indexed).toEqual([['maria da conceicao']]);
    const terms = await harness.pool.anyFirst(
      sql.type(z.object({ term: z.string() }))`select term from audit_search_terms order by term`,
    );
    expect(terms).toEqual(expect.arrayContaining(['maria da conceicao', 'intruso@x.com']));

    expect(await queries().facets()).toEqual({
      actions: [
        'CREATE_PATIENT',
        'ASSIGN_PROCEDURES',
        'LOGIN',
        'LOGIN_FAILED',
        'CREATE_ACCESS_KEY',
        'VIEW_PATIENT',
      ],
      entityTypes: ['patient', 'user', 'access_key'],
      users: [{ id: NURSE, email: 'enfermeira@hospital.br' }],
    });
  });

  it('given a procedure changed by an actor without a user id, then a search finds it by the procedure, the patient or the email', async () => {
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    await harness.given(
      `patient-${MARIA}`,
      [
        ProcedureCompleted.create({
          patientId: MARIA,
          procedureId: HEMOGRAMA,
          completedDate: '2025-01-02',
          location: null,
          professionalName: null,
          notes: null,
        }),
      ],
      { userId: null, userEmail: 'Importacao@Sistema.gov.br', clientIp: null },
    );

    // The row lists three names, one in each indexed position
    const terms = await harness.pool.anyFirst(
      sql.type(z.object({ terms: z.array(z.string()) }))`
        select search_terms as terms from audit_log where action = 'COMPLETE_PROCEDURE'
      `,
    );
    expect(terms).toEqual([['hemograma completo', 'maria da conceicao', 'importacao@sistema.gov.br']]);
    // With the names sent as constants, and kept in the statement (as for a search matching
    // more than CONSTANT_NAMES_MAX names): the same rows and counts
    for (const constantNamesMax of [CONSTANT_NAMES_MAX, 0]) {
      const queries = createAuditQueries(harness.pool, SEARCH_COUNT_CAP, constantNamesMax);
      const completions = async (search: string) => {
        const page = await queries.list(AuditLogQuerySchema.parse({ search, action: 'COMPLETE_PROCEDURE' }));
        expect(page.total).toBe(page.rows.length);
        return page.rows.map((row) => row.entityId);
      };
      expect(await completions('HEMOGRAMA')).toEqual([HEMOGRAMA]);
      expect(await completions('conceição')).toEqual([HEMOGRAMA]);
      expect(await completions('importacao@')).toEqual([HEMOGRAMA]);
      expect(await completions('enfermeira')).toEqual([]);
      // a row matching in two of its names is counted once
      const both = await queries.list(
        AuditLogQuerySchema.parse({ search: 'a', action: 'COMPLETE_PROCEDURE' }),
      );
      expect([both.total, both.rows.length]).toEqual([1, 1]);
    }
  });

  it('given deletions with and without a reason, then the reason is in the details; an older deletion has none', async () => {
    const OLD = '00000000-0000-4000-8000-000000000009';
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    await harness.given(
      `patient-${MARIA}`,
      [
        PatientDeleted.create({
          patientId: MARIA,
          name: 'Maria da Conceição',
          reason: 'Cadastro em duplicidade',
        }),
      ],
      nurse,
    );
    await harness.given(`patient-${OLD}`, [PatientRegistered.create({ patientId: OLD, ...details })], nurse);
    // As written before the reason was asked
    await harness.given(
      `patient-${OLD}`,
      [{ type: 'PatientDeleted', data: { patientId: OLD, name: 'Antigo' } }],
      nurse,
    );

    const { rows } = await list({ action: 'DELETE_PATIENT' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ entityId: OLD, entityName: 'Antigo', details: null });
    expect(rows[1]).toMatchObject({
      entityType: 'patient',
      entityId: MARIA,
      entityName: 'Maria da Conceição',
      userEmail: 'enfermeira@hospital.br',
      details: { values: { deletionReason: 'Cadastro em duplicidade' } },
    });
  });

  it('rebuilds into the same rows', async () => {
    await harness.given(`patient-${MARIA}`, registration(), nurse);
    await harness.given(
      `patient-${MARIA}`,
      [PatientUpdated.create({ patientId: MARIA, changes: { name: 'Maria C. Silva', notes: 'Alérgica' } })],
      nurse,
    );
    await harness.given(
      `access-${NURSE}`,
      [RecordAccessed.create({ action: 'VIEW_HISTORY', patientId: MARIA, parameters: {} })],
      nurse,
    );
    await harness.given(
      `patient-${MARIA}`,
      [PatientDeleted.create({ patientId: MARIA, name: 'Maria C. Silva', reason: 'Óbito' })],
      nurse,
    );
    const before = await dump();
    expect(before.log).toHaveLength(5);

    const { eventStore, pool, runner } = harness;
    await runner.stop();
    // In batches of two: the facets and names the replay keeps span batches (`finishReplay`)
    await rebuildProjection({ eventStore, pool, projection: auditProjection, batchSize: 2 });

    expect(await dump()).toEqual(before);
  });
});

/** Every row of the four tables as plain JSON, in a stable order. */
async function dump() {
  const Rows = z.object({ rows: z.unknown() });
  const all = async (
    table: 'audit_log' | 'audit_entities' | 'audit_facets' | 'audit_search_terms',
    order: string,
  ) =>
    (await harness.pool.oneFirst(sql.type(Rows)`
      select coalesce(json_agg(to_jsonb(t) order by ${sql.identifier([order])}), '[]') as rows
      from ${sql.identifier([table])} t
    `)) as unknown[];
  return {
    log: await all('audit_log', 'seq'),
    entities: await all('audit_entities', 'id'),
    facets: await all('audit_facets', 'key'),
    terms: await all('audit_search_terms', 'term'),
  };
}
