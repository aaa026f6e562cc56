import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LegacyProcedureImported,
  PatientDeleted,
  PatientDetailDtoSchema,
  progressPercentage,
  PatientListQuerySchema,
  PatientRegistered,
  PatientUpdated,
  ProcedureCompletionChanged,
  ProcedureRemoved,
  ProcedureReopened,
  ProcedureRescheduled,
  RequiredProceduresAssigned,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { SAO_PAULO, TODAY, patientDetails, patientEvents, procedureId, types } from '@bari/contracts/testing';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { sql } from '@bari/db';
import { patientsProjection } from './projection.ts';
import { proceduresTable } from './procedure-sources.ts';
import { createPatientQueries, progressExpression } from './queries.ts';
import { createStatisticsQueries } from './statistics-queries.ts';

// ── Given: events of `patient-<id>` streams, appended to a real event store ─────────

const MARIA = '00000000-0000-4000-8000-000000000001';
const JOAO = '00000000-0000-4000-8000-000000000002';
const ANA = '00000000-0000-4000-8000-000000000003';
const NOTE = 'jejum de "8 h"\\ 12\n\tà tarde \u0001 🙂';

const details = (overrides: Partial<PatientDetails> = {}): PatientDetails =>
  patientDetails({ name: 'Maria da Conceição', municipality: SAO_PAULO, ...overrides });
const assigned = (patientId: string, n: number, type: ProcedureType, scheduledDate: string | null = null) =>
  patientEvents(patientId).assigned(n, type, scheduledDate);
const completed = (patientId: string, n: number, completedDate: string, location: string | null = null) =>
  patientEvents(patientId).completed(n, completedDate, { location });

/** Maria: surgery on 2025-01-10; 3 required procedures (1 post-op, due 2025-02-09), 1 done. */
const mariaEvents = (): PatientEvent[] => [
  PatientRegistered.create({ patientId: MARIA, ...details() }),
  assigned(MARIA, 1, types.bloodCount),
  assigned(MARIA, 2, types.creatinine),
  assigned(MARIA, 3, types.surgeon1, '2025-02-09'),
  completed(MARIA, 1, '2025-01-02', 'Lab Central'),
];

let harness: ProjectionHarness;

beforeEach(async () => {
  harness = await startProjectionHarness([patientsProjection]);
});

afterEach(() => harness.close());

/** Appends to the patient's stream and waits until the read model reflects it. */
const given = (patientId: string, events: readonly PatientEvent[]) =>
  harness.given(`patient-${patientId}`, events);

const queries = () => createPatientQueries(harness.pool);
const list = (query: Record<string, unknown> = {}, today = TODAY) =>
  queries().list(PatientListQuerySchema.parse(query), today);

// ── Then ─────────────────────────────────────────────────────────────────────────

describe('patients projection', { timeout: 60_000 }, () => {
  it('given a registration with its procedures, then the list row and the detail reflect them', async () => {
    await given(MARIA, mariaEvents());

    const { rows, total } = await list();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      id: MARIA,
      version: 4,
      name: 'Maria da Conceição',
      municipality: { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' },
      status: 'post_op',
      progress: 33,
      completedProcedures: 1,
      totalProcedures: 3,
    });
    expect(rows[0]?.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const detail = await queries().detail(MARIA, TODAY);
    expect(detail?.procedures).toEqual([
      {
        id: procedureId(1),
        patientId: MARIA,
        procedureTypeId: types.bloodCount.id,
        procedureType: types.bloodCount,
        status: 'completed',
        scheduledDate: null,
        completedDate: '2025-01-02',
        location: 'Lab Central',
        professionalName: null,
        notes: null,
        overdue: false,
      },
      expect.objectContaining({ id: procedureId(2), status: 'pending', overdue: false }),
      // Pending and due 2025-02-09, before today: overdue, computed at read time.
      expect.objectContaining({ id: procedureId(3), scheduledDate: '2025-02-09', overdue: true }),
    ]);
    expect((await queries().detail(MARIA, '2025-02-09'))?.procedures[2]?.overdue).toBe(false);
    expect(await queries().patientOfProcedure(procedureId(2))).toBe(MARIA);
  });

  it('given every procedure transition, then the rows follow and the counters are recounted', async () => {
    await given(MARIA, mariaEvents());
    await given(MARIA, [
      ProcedureCompletionChanged.create({
        patientId: MARIA,
        procedureId: procedureId(1),
        completedDate: '2025-01-03',
        location: 'Lab Norte',
        professionalName: 'Dra. Ana',
        // What JSON must escape, as a nurse may type or paste it.
        notes: NOTE,
      }),
      completed(MARIA, 2, '2025-01-04'),
      ProcedureReopened.create({ patientId: MARIA, procedureId: procedureId(2), reason: 'staff' }),
      ProcedureRescheduled.create({
        patientId: MARIA,
        procedureId: procedureId(3),
        scheduledDate: '2025-07-01',
        previousScheduledDate: '2025-02-09',
        reason: 'base_date_changed',
      }),
      LegacyProcedureImported.create({
        patientId: MARIA,
        procedureId: procedureId(4),
        procedureType: types.zinc,
        status: 'completed',
        scheduledDate: null,
        completedDate: null,
        location: null,
        professionalName: null,
        notes: null,
      }),
      ProcedureRemoved.create({ patientId: MARIA, procedureId: procedureId(2), reason: 'duplicate' }),
    ]);

    const detail = await queries().detail(MARIA, TODAY);
    expect(detail).toMatchObject({ version: 10, completedProcedures: 2, totalProcedures: 3, progress: 67 });
    expect(detail?.procedures.map((procedure) => [procedure.id, procedure.status])).toEqual([
      [procedureId(1), 'completed'],
      [procedureId(3), 'pending'],
      [procedureId(4), 'completed'],
    ]);
    expect(detail?.procedures[0]).toMatchObject({
      completedDate: '2025-01-03',
      location: 'Lab Norte',
      professionalName: 'Dra. Ana',
      notes: NOTE,
    });
    expect(detail?.procedures[1]).toMatchObject({ scheduledDate: '2025-07-01', overdue: false });
    expect(await queries().patientOfProcedure(procedureId(2))).toBeNull();
    // The page as its query and `page-text.ts` write it is the DTO built from the rows in TypeScript (nulls,
    // booleans, dates, order, status, progress, overdue), and meets the contract.
    for (const day of [TODAY, '2025-01-01', '2025-07-02']) {
      const text = await queries().detailJson(MARIA, day);
      const built = await queries().detail(MARIA, day);
      expect(text?.version).toBe(built?.version);
      expect(JSON.parse(text!.json)).toEqual(built);
      expect(PatientDetailDtoSchema.parse(JSON.parse(text!.json))).toEqual(built);
    }
  });

  it('given an update, then only the changed fields change, search copies included', async () => {
    await given(MARIA, mariaEvents());
    await given(MARIA, [
      PatientUpdated.create({
        patientId: MARIA,
        changes: {
          name: 'Maria Aparecida',
          municipality: { ibgeCode: '2918001', name: 'Jequié', uf: 'BA' },
          dischargeDate: '2025-01-12',
          notes: null,
        },
      }),
    ]);
    const detail = await queries().detail(MARIA, TODAY);
    expect(detail).toMatchObject({
      version: 5,
      name: 'Maria Aparecida',
      municipality: { ibgeCode: '2918001', name: 'Jequié', uf: 'BA' },
      dischargeDate: '2025-01-12',
      cpf: '39053344705',
      surgeryLocation: 'Hospital Geral',
    });
    expect((await list({ search: 'JEQUIE' })).total).toBe(1);
    expect((await list({ search: 'são paulo' })).total).toBe(0);
  });

  it('given a deletion, then the patient and its procedures leave the read model', async () => {
    await given(MARIA, mariaEvents());
    await given(JOAO, [
      PatientRegistered.create({ patientId: JOAO, ...details({ name: 'João', cpf: '71460285859' }) }),
    ]);
    await given(MARIA, [PatientDeleted.create({ patientId: MARIA, name: 'Maria da Conceição' })]);

    expect((await list()).rows.map((row) => row.id)).toEqual([JOAO]);
    expect(await queries().detail(MARIA, TODAY)).toBeNull();
    expect(await queries().procedures(MARIA, TODAY)).toBeNull();
    expect(await queries().patientOfProcedure(procedureId(1))).toBeNull();
    expect(await createStatisticsQueries(harness.pool).statistics(TODAY)).toEqual({
      totalPatients: 1,
      completedProcedures: 0,
      pendingProcedures: 0,
      overdueProcedures: 0,
    });
  });

  it("lists the live patients lacking a procedure of given types, whatever its status ('Atualizar Procedimentos')", async () => {
    const OTHER = '00000000-0000-4000-8000-000000000004';
    // Maria: blood count (done), creatinine, surgeon. João: nothing. Ana: two blood counts and a
    // creatinine removed. Another patient lacking everything, but deleted.
    await given(MARIA, mariaEvents());
    await given(JOAO, [
      PatientRegistered.create({ patientId: JOAO, ...details({ name: 'João', cpf: '71460285859' }) }),
    ]);
    await given(ANA, [
      PatientRegistered.create({ patientId: ANA, ...details({ name: 'Ana', cpf: '52998224725' }) }),
      assigned(ANA, 11, types.bloodCount),
      assigned(ANA, 12, types.bloodCount),
      assigned(ANA, 13, types.creatinine),
      ProcedureRemoved.create({ patientId: ANA, procedureId: procedureId(13), reason: 'duplicate' }),
    ]);
    await given(OTHER, [
      PatientRegistered.create({ patientId: OTHER, ...details({ name: 'Outra', cpf: '39053344705' }) }),
      PatientDeleted.create({ patientId: OTHER, name: 'Outra' }),
    ]);

    const lacking = (typeIds: string[]) => queries().patientIdsLacking(typeIds);
    expect(await lacking([types.bloodCount.id, types.creatinine.id])).toEqual([JOAO, ANA]);
    expect(await lacking([types.bloodCount.id])).toEqual([JOAO]);
    expect(await lacking([types.bloodCount.id, types.creatinine.id, types.surgeon1.id])).toEqual([JOAO, ANA]);
    expect(await lacking(['pre_op_exam.tipo-novo'])).toEqual([MARIA, JOAO, ANA]);
    expect(await lacking([])).toEqual([]);
    expect(await queries().patientIds()).toEqual([MARIA, JOAO, ANA]);
  });

  it('computes progress in SQL exactly as progressPercentage does, for every count up to 150', async () => {
    const rows = await harness.pool.any(sql.type(
      z.object({ completed: z.number(), total: z.number(), progress: z.number() }),
    )`
      select c as completed, t as total, ${progressExpression(sql.fragment`c`, sql.fragment`t`)} as progress
      from generate_series(0, 150) c, generate_series(0, 150) t
    `);
    const differing = rows.filter((row) => row.progress !== progressPercentage(row.completed, row.total));
    expect(rows).toHaveLength(151 * 151);
    expect(differing).toEqual([]);
  });

  it('searches name and municipality ignoring accents and case, CNS by substring; filters by derived status; pages', async () => {
    await given(MARIA, mariaEvents());
    await given(JOAO, [
      PatientRegistered.create({
        patientId: JOAO,
        ...details({
          name: 'João Évora',
          cpf: '71460285859',
          cns: '205197384620018',
          municipality: { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' },
          surgeryDate: '2025-08-01', // in the future: still pre-operative
        }),
      }),
      assigned(JOAO, 11, types.bloodCount),
    ]);
    await given(ANA, [
      PatientRegistered.create({
        patientId: ANA,
        ...details({ name: 'Ana 100%_Silva', cpf: '28001238938', cns: null, surgeryDate: '2025-03-01' }),
      }),
      assigned(ANA, 21, types.bloodCount),
      completed(ANA, 21, '2025-02-01'),
    ]);

    const names = async (query: Record<string, unknown>, today = TODAY) =>
      (await list(query, today)).rows.map((row) => row.name);
    // Newest first
    expect(await names({})).toEqual(['Ana 100%_Silva', 'João Évora', 'Maria da Conceição']);
    expect(await names({ search: 'joao evora' })).toEqual(['João Évora']);
    expect(await names({ search: 'CONCEIÇÃO' })).toEqual(['Maria da Conceição']);
    expect(await names({ search: 'feira' })).toEqual(['João Évora']);
    expect(await names({ search: 'sao  PAULO' })).toEqual(['Ana 100%_Silva', 'Maria da Conceição']);
    expect(await names({ search: '97384' })).toEqual(['João Évora']);
    // Words in any order, of the name and the municipality; short words ('da') left out.
    expect(await names({ search: 'conceicao MARIA' })).toEqual(['Maria da Conceição']);
    expect(await names({ search: 'maria da sao paulo' })).toEqual(['Maria da Conceição']);
    expect(await names({ search: 'joao feira' })).toEqual(['João Évora']);
    expect(await names({ search: 'evora paulo' })).toEqual([]);
    // The CPF whole, masked or not, or its beginning from six digits on; never its middle
    expect(await names({ search: '714.602.858-59' })).toEqual(['João Évora']);
    expect(await names({ search: '28001238938' })).toEqual(['Ana 100%_Silva']);
    expect(await names({ search: '7146028' })).toEqual(['João Évora']);
    expect(await names({ search: '714.602' })).toEqual(['João Évora']);
    expect(await names({ search: '280012389' })).toEqual(['Ana 100%_Silva']);
    expect(await names({ search: '71460' })).toEqual([]);
    expect(await names({ search: '602858' })).toEqual([]);
    expect(await names({ search: '714603' })).toEqual([]);
    expect(await names({ search: '100%_' })).toEqual(['Ana 100%_Silva']);
    expect(await names({ search: '%' })).toEqual(['Ana 100%_Silva']);

    expect(await names({ status: 'pre_op' })).toEqual(['João Évora']);
    expect(await names({ status: 'post_op' })).toEqual(['Maria da Conceição']);
    expect(await names({ status: 'completed' })).toEqual(['Ana 100%_Silva']);
    expect(await names({ status: 'all' })).toHaveLength(3);
    // Time moves on: on João's surgery day he is post-operative.
    expect(await names({ status: 'pre_op' }, '2025-08-01')).toEqual([]);
    const rows = (await list({}, TODAY)).rows;
    expect(rows.map((row) => row.status)).toEqual(['completed', 'pre_op', 'post_op']);

    const page2 = await list({ page: 2, pageSize: 2 });
    expect(page2.total).toBe(3);
    expect(page2.rows.map((row) => row.name)).toEqual(['Maria da Conceição']);
    expect((await list({ page: 3, pageSize: 2 })).rows).toEqual([]);
  });

  it('counts statistics with overdue procedures judged against today', async () => {
    await given(MARIA, mariaEvents());
    const statistics = createStatisticsQueries(harness.pool);
    expect(await statistics.statistics(TODAY)).toEqual({
      totalPatients: 1,
      completedProcedures: 1,
      pendingProcedures: 2,
      overdueProcedures: 1,
    });
    expect((await statistics.statistics('2025-02-09')).overdueProcedures).toBe(0);
  });

  it('replays old-shape streams (one ProcedureAssigned per type) to the same rows as the coarse event', async () => {
    // Given Maria's stream as written before RequiredProceduresAssigned existed
    await given(MARIA, mariaEvents());
    // and João's, the same registration written the new way (one event for every procedure)
    await given(JOAO, [
      PatientRegistered.create({ patientId: JOAO, ...details() }),
      RequiredProceduresAssigned.create({
        patientId: JOAO,
        reason: 'registration',
        procedures: [
          { procedureId: procedureId(11), procedureType: types.bloodCount, scheduledDate: null },
          { procedureId: procedureId(12), procedureType: types.creatinine, scheduledDate: null },
          { procedureId: procedureId(13), procedureType: types.surgeon1, scheduledDate: '2025-02-09' },
        ],
      }),
      completed(JOAO, 11, '2025-01-02', 'Lab Central'),
    ]);

    // Then both patients' rows are the same but for their ids (and João's version: one event less)
    const rows = await dump();
    const [maria, joao] = [MARIA, JOAO].map((id) =>
      rows.patients.find((row) => (row as { id: string }).id === id),
    );
    const withoutId = (row: unknown) => {
      const { id: _id, version: _version, registered_at: _at, ...rest } = row as Record<string, unknown>;
      return rest;
    };
    expect(withoutId(joao)).toEqual(withoutId(maria));
    expect((maria as { version: number }).version).toBe(4);
    expect((joao as { version: number }).version).toBe(2);
    const proceduresOf = (patientId: string) =>
      rows.procedures
        .map((row) => row as Record<string, unknown>)
        .filter((row) => row.patient_id === patientId)
        .map(({ id: _id, patient_id: _patient, ...rest }) => rest);
    expect(proceduresOf(JOAO)).toEqual(proceduresOf(MARIA));
    expect(proceduresOf(MARIA)).toHaveLength(3);
  });

  it("writes listed procedures on the page from their type's text, escaped as the DTO is", async () => {
    // Types a catalogue may hold: quotes, backslashes, controls, accents, emoji, markup.
    const odd = (id: string, name: string): ProcedureType => ({ ...types.bloodCount, id, name });
    const quoted = odd('pre_op_lab."aspas"\\barra', 'Exame "especial" \\ linha\nnova \u0001 ç 🙂 </script>');
    const plain = { ...types.surgeon1, scheduledMonth: null };
    await given(ANA, [
      PatientRegistered.create({ patientId: ANA, ...details({ name: 'Ana' }) }),
      RequiredProceduresAssigned.create({
        patientId: ANA,
        reason: 'registration',
        procedures: [
          { procedureId: procedureId(21), procedureType: quoted, scheduledDate: null },
          { procedureId: procedureId(22), procedureType: plain, scheduledDate: '2025-02-09' },
          { procedureId: procedureId(23), procedureType: types.creatinine, scheduledDate: '2025-03-01' },
        ],
      }),
      completed(ANA, 23, '2025-01-02'),
    ]);
    // Two of them are listed (no row of their own): the page writes those from `page_json`.
    const own = await harness.pool.anyFirst(
      sql.type(z.object({ id: z.string() }))`select id from patient_procedures where patient_id = ${ANA}`,
    );
    expect(own).toEqual([procedureId(23)]);
    // The projection's text for it is, byte for byte, what `to_json` writes from its columns.
    const stored = await harness.pool.one(sql.type(z.object({ kept: z.string(), escaped: z.string() }))`
      select page_json as kept, '"procedureTypeId":' || to_json(id)::text
        || ',"procedureType":{"id":' || to_json(id)::text || ',"name":' || to_json(name)::text
        || ',"category":' || to_json(category)::text || ',"phase":' || to_json(phase)::text
        || ',"isRequired":' || to_json(is_required)::text
        || ',"scheduledMonth":' || coalesce(to_json(scheduled_month)::text, 'null') || '}' as escaped
      from patient_procedure_types where id = ${quoted.id}
    `);
    expect(stored.kept).toBe(stored.escaped);
    // Before, on and after the listed one's date: overdue only after it.
    for (const day of ['2025-02-08', '2025-02-09', '2025-02-10']) {
      const text = await queries().detailJson(ANA, day);
      const built = await queries().detail(ANA, day);
      expect(JSON.parse(text!.json)).toEqual(built);
      expect(PatientDetailDtoSchema.parse(JSON.parse(text!.json))).toEqual(built);
      expect(built?.procedures.map((procedure) => procedure.overdue)).toEqual([
        false,
        day === '2025-02-10',
        false,
      ]);
    }
    expect((await queries().detail(ANA, TODAY))?.procedures[0]?.procedureType).toEqual(quoted);
  });

  it("reads a type's page text once, and afresh from a table put in the old one's place", async () => {
    await given(ANA, [
      PatientRegistered.create({ patientId: ANA, ...details({ name: 'Ana' }) }),
      RequiredProceduresAssigned.create({
        patientId: ANA,
        reason: 'registration',
        procedures: [{ procedureId: procedureId(21), procedureType: types.bloodCount, scheduledDate: null }],
      }),
    ]);
    const pageQueries = queries();
    const typeName = async () =>
      JSON.parse((await pageQueries.detailJson(ANA, TODAY))!.json).procedures[0].procedureType.name;
    const renamed = (from: string, to: string) => sql.fragment`
      update patient_procedure_types set page_json = replace(page_json, ${JSON.stringify(from)}, ${JSON.stringify(to)})
    `;
    expect(await typeName()).toBe(types.bloodCount.name);
    // A copy is never changed in place: the text already read stands.
    await harness.pool.query(sql.unsafe`${renamed(types.bloodCount.name, 'Mudado no lugar')}`);
    expect(await typeName()).toBe(types.bloodCount.name);
    // A rebuild's swap puts another table in its place (here, its copy renamed in): read afresh.
    await harness.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`create table types_copy (like patient_procedure_types including all)`);
      await tx.query(sql.unsafe`insert into types_copy select * from patient_procedure_types`);
      await tx.query(sql.unsafe`drop table patient_procedure_types`);
      await tx.query(sql.unsafe`alter table types_copy rename to patient_procedure_types`);
      await tx.query(sql.unsafe`${renamed('Mudado no lugar', 'Outra tabela')}`);
    });
    expect(await typeName()).toBe('Outra tabela');
  });

  it('rebuilds into the same rows', async () => {
    await given(MARIA, mariaEvents());
    await given(JOAO, [
      PatientRegistered.create({ patientId: JOAO, ...details({ name: 'João', cpf: '71460285859' }) }),
      assigned(JOAO, 11, types.bloodCount),
      assigned(JOAO, 12, types.surgeon1, '2025-02-09'),
      RequiredProceduresAssigned.create({
        patientId: JOAO,
        reason: 'migration',
        procedures: [{ procedureId: procedureId(13), procedureType: types.creatinine, scheduledDate: null }],
      }),
    ]);
    await given(MARIA, [
      PatientUpdated.create({ patientId: MARIA, changes: { surgeryDate: '2025-02-01' } }),
      ProcedureRescheduled.create({
        patientId: MARIA,
        procedureId: procedureId(3),
        scheduledDate: '2025-03-03',
        previousScheduledDate: '2025-02-09',
        reason: 'base_date_changed',
      }),
    ]);
    await given(ANA, [
      PatientRegistered.create({ patientId: ANA, ...details({ name: 'Ana', cpf: '28001238938' }) }),
      assigned(ANA, 21, types.bloodCount),
      PatientDeleted.create({ patientId: ANA, name: 'Ana' }),
    ]);
    const before = await dump();
    expect(before.patients).toHaveLength(2);

    const { eventStore, pool, runner } = harness;
    await runner.stop();
    await rebuildProjection({ eventStore, pool, projection: patientsProjection });

    expect(await dump()).toEqual(before);
    // The lists' copy keeps the table's settings: no statistics on the arrays, stored
    // uncompressed and kept in the row while it fits (migration 006), the index by id
    const settings = await pool.any(sql.type(
      z.object({ column: z.string(), target: z.number().nullable(), storage: z.string() }),
    )`
      select attname as column, attstattarget::int as target, attstorage as storage from pg_attribute
      where attrelid = 'patient_procedure_lists'::regclass and attnum > 0 order by attnum
    `);
    expect(settings).toEqual([
      { column: 'patient_id', target: null, storage: 'p' },
      { column: 'procedure_ids', target: 0, storage: 'e' },
      { column: 'type_ids', target: 0, storage: 'e' },
      { column: 'scheduled_dates', target: 0, storage: 'e' },
      { column: 'ordinals', target: 0, storage: 'e' },
    ]);
    const parameters = await pool.oneFirst(sql.type(z.object({ parameters: z.array(z.string()).nullable() }))`
      select reloptions as parameters from pg_class where oid = 'patient_procedure_lists'::regclass
    `);
    expect(parameters).toEqual(['toast_tuple_target=8160']);
    const listed = await pool.oneFirst(sql.type(z.object({ patientId: z.string().nullable() }))`
      select patient_id as "patientId" from patient_procedure_lists where procedure_ids @> array[${procedureId(13)}::uuid]
    `);
    expect(listed).toBe(JOAO);
  });
});

/** Every patient and every procedure (own rows and listed) as plain JSON, in a stable order. */
async function dump() {
  const Rows = z.object({ rows: z.unknown() });
  const patients = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(to_jsonb(p) order by p.id), '[]') as rows from patients p
  `);
  const procedures = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(to_jsonb(p) order by p.patient_id, p.ordinal), '[]') as rows
    from ${proceduresTable()} p
  `);
  return { patients: patients as unknown[], procedures: procedures as unknown[] };
}
