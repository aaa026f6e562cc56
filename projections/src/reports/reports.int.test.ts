import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureAssigned,
  ProcedureCompleted,
  ProcedureRemoved,
  ProcedureReopened,
  ProcedureRescheduled,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { sql } from '@bari/db';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { patientsProjection } from '../patients/projection.ts';
import { createStatisticsQueries } from '../patients/statistics-queries.ts';
import { createReportQueries } from './queries.ts';
import { proceduresTable } from '../patients/procedure-sources.ts';
import { patientDetails } from '../../test/support/patient-fixtures.ts';
import { seededRandom, validCpf } from '@bari/contracts/testing';

// ── Given: patients in two municipalities and two hospitals ─────────────────────────

const TODAY = '2025-06-01';
const MARIA = '00000000-0000-4000-8000-000000000001';
const JOAO = '00000000-0000-4000-8000-000000000002';
const ANA = '00000000-0000-4000-8000-000000000003';
const PEDRO = '00000000-0000-4000-8000-000000000004';
const procedureId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SAO_PAULO = { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' };
const BOM_JESUS_PI = { ibgeCode: '2201903', name: 'Bom Jesus', uf: 'PI' };

const labType: ProcedureType = {
  id: 'pre_op_lab.hemograma',
  name: 'Hemograma completo',
  category: 'pre_op_lab',
  phase: 'pre_operative',
  isRequired: true,
  scheduledMonth: null,
};
const visitType: ProcedureType = {
  id: 'post_op_1mes.cirurgiao',
  name: 'Consulta com cirurgião',
  category: 'post_op_1mes',
  phase: 'post_operative',
  isRequired: true,
  scheduledMonth: 1,
};

const registered = (patientId: string, overrides: Partial<PatientDetails>) =>
  PatientRegistered.create({ patientId, ...patientDetails({ municipality: SAO_PAULO, ...overrides }) });
const assigned = (patientId: string, n: number, scheduledDate: string | null) =>
  ProcedureAssigned.create({
    patientId,
    procedureId: procedureId(n),
    procedureType: scheduledDate ? visitType : labType,
    status: 'pending',
    scheduledDate,
    reason: 'registration',
  });
const completed = (patientId: string, n: number) =>
  ProcedureCompleted.create({
    patientId,
    procedureId: procedureId(n),
    completedDate: '2025-01-05',
    location: null,
    professionalName: null,
    notes: null,
  });

let harness: ProjectionHarness;
beforeEach(async () => {
  harness = await startProjectionHarness([patientsProjection]);
});
afterEach(() => harness.close());

const given = (patientId: string, events: readonly PatientEvent[]) =>
  harness.given(`patient-${patientId}`, events);
const reports = () => createReportQueries(harness.pool);

/** Maria (São Paulo, Hospital Geral): 1 lab done, 1 visit pending due 2025-02-09 (overdue). */
const maria = (): PatientEvent[] => [
  registered(MARIA, {}),
  assigned(MARIA, 1, null),
  assigned(MARIA, 2, '2025-02-09'),
  completed(MARIA, 1),
];
/** João (Bom Jesus/PI, Santa Casa): 1 lab pending, 1 visit pending due after today. */
const joao = (): PatientEvent[] => [
  registered(JOAO, {
    name: 'João',
    cpf: '71460285859',
    municipality: BOM_JESUS_PI,
    surgeryLocation: 'Santa Casa',
  }),
  assigned(JOAO, 11, null),
  assigned(JOAO, 12, '2025-07-01'),
];

// ── Then ─────────────────────────────────────────────────────────────────────────

describe('report counters (fed by the patients projection)', { timeout: 60_000 }, () => {
  it('counts patients and procedures per municipality and establishment, overdue at read time', async () => {
    await given(MARIA, maria());
    await given(JOAO, joao());

    expect(await reports().municipalities(TODAY)).toEqual([
      {
        municipality: 'Bom Jesus (PI)',
        ibgeCode: BOM_JESUS_PI.ibgeCode,
        uf: 'PI',
        totalPatients: 1,
        completedProcedures: 0,
        pendingProcedures: 2,
        overdueProcedures: 0,
        completionRate: 0,
      },
      {
        municipality: 'São Paulo',
        ibgeCode: SAO_PAULO.ibgeCode,
        uf: 'SP',
        totalPatients: 1,
        completedProcedures: 1,
        pendingProcedures: 1,
        overdueProcedures: 1,
        completionRate: 50,
      },
    ]);
    expect(await reports().establishments(TODAY)).toEqual([
      expect.objectContaining({ establishment: 'Hospital Geral', totalPatients: 1, overdueProcedures: 1 }),
      expect.objectContaining({ establishment: 'Santa Casa', totalPatients: 1, pendingProcedures: 2 }),
    ]);
    // Overdue depends on the day it is read.
    const later = await reports().municipalities('2025-08-01');
    expect(later.map((row) => row.overdueProcedures)).toEqual([1, 1]);
  });

  it('counts spellings of one establishment that differ in case, accents or spaces as one, named as most spell it with capitals', async () => {
    await given(MARIA, [
      registered(MARIA, { surgeryLocation: 'Hospital São Rafael' }),
      assigned(MARIA, 1, null),
    ]);
    await given(JOAO, [
      registered(JOAO, { cpf: '71460285859', surgeryLocation: ' hospital\u00a0sao \u202frafael\t' }),
      assigned(JOAO, 11, '2025-02-01'),
    ]);
    await given(ANA, [
      registered(ANA, { cpf: '28001238938', surgeryLocation: 'Hospital São Rafael' }),
      assigned(ANA, 21, null),
      completed(ANA, 21),
    ]);
    expect(await reports().establishments(TODAY)).toEqual([
      expect.objectContaining({
        establishment: 'Hospital São Rafael',
        totalPatients: 3,
        completedProcedures: 1,
        pendingProcedures: 2,
        overdueProcedures: 1,
      }),
    ]);
    // A different establishment stays apart.
    await given(ANA, [
      PatientUpdated.create({ patientId: ANA, changes: { surgeryLocation: 'Hospital São Rafaela' } }),
    ]);
    expect(
      (await reports().establishments(TODAY)).map((row) => [row.establishment, row.totalPatients]),
    ).toEqual([
      ['Hospital São Rafael', 2],
      ['Hospital São Rafaela', 1],
    ]);
    // All lower case is how a hurried hand types a name, not how it is written: a spelling with
    // capitals names the group even when fewer patients spell it so.
    await given(PEDRO, [
      registered(PEDRO, { cpf: validCpf(4), surgeryLocation: ' hospital\u00a0sao \u202frafael\t' }),
    ]);
    expect(
      (await reports().establishments(TODAY)).map((row) => [row.establishment, row.totalPatients]),
    ).toEqual([
      ['Hospital São Rafael', 3],
      ['Hospital São Rafaela', 1],
    ]);
  });

  it('moves a patient and its procedures when municipality or hospital change; deletion leaves no group', async () => {
    await given(MARIA, maria());
    await given(JOAO, joao());
    await given(MARIA, [
      PatientUpdated.create({
        patientId: MARIA,
        changes: { municipality: BOM_JESUS_PI, surgeryLocation: 'Santa Casa' },
      }),
      ProcedureReopened.create({ patientId: MARIA, procedureId: procedureId(1), reason: 'staff' }),
    ]);

    expect(await reports().municipalities(TODAY)).toEqual([
      expect.objectContaining({
        municipality: 'Bom Jesus (PI)',
        totalPatients: 2,
        completedProcedures: 0,
        pendingProcedures: 4,
        overdueProcedures: 1,
      }),
    ]);
    expect(await reports().establishments(TODAY)).toEqual([
      expect.objectContaining({ establishment: 'Santa Casa', totalPatients: 2, pendingProcedures: 4 }),
    ]);

    await given(JOAO, [PatientDeleted.create({ patientId: JOAO, name: 'João' })]);
    await given(MARIA, [PatientDeleted.create({ patientId: MARIA, name: 'Maria da Conceição' })]);
    expect(await reports().municipalities(TODAY)).toEqual([]);
    expect(await reports().establishments(TODAY)).toEqual([]);
    expect(await counterRows()).toEqual({ municipalities: [], establishments: [], pending: [] });
  });

  it('agrees with a recount of the patients tables and with the statistics, and a rebuild gives the same rows', async () => {
    await given(MARIA, maria());
    await given(JOAO, joao());
    await given(ANA, [
      registered(ANA, { name: 'Ana', cpf: '28001238938', surgeryLocation: 'Santa Casa' }),
      assigned(ANA, 21, '2025-03-01'),
      ProcedureRescheduled.create({
        patientId: ANA,
        procedureId: procedureId(21),
        scheduledDate: '2025-09-01',
        previousScheduledDate: '2025-03-01',
        reason: 'base_date_changed',
      }),
      assigned(ANA, 22, null),
      ProcedureRemoved.create({ patientId: ANA, procedureId: procedureId(22), reason: 'duplicate' }),
    ]);
    await given(JOAO, [
      PatientUpdated.create({ patientId: JOAO, changes: { municipality: SAO_PAULO } }),
      completed(JOAO, 12),
    ]);

    expect(await counterRows()).toEqual(await recount());
    const municipalities = await reports().municipalities(TODAY);
    const statistics = await createStatisticsQueries(harness.pool).statistics(TODAY);
    const sum = (pick: (row: (typeof municipalities)[number]) => number) =>
      municipalities.reduce((total, row) => total + pick(row), 0);
    expect({
      totalPatients: sum((row) => row.totalPatients),
      completedProcedures: sum((row) => row.completedProcedures),
      pendingProcedures: sum((row) => row.pendingProcedures),
      overdueProcedures: sum((row) => row.overdueProcedures),
    }).toEqual(statistics);

    const before = await counterRows();
    await harness.rebuild(patientsProjection);
    expect(await counterRows()).toEqual(before);
  });

  it('agrees with a recount after random histories applied in random batches', async () => {
    const next = seededRandom(20251124);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const places = [SAO_PAULO, BOM_JESUS_PI, { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' }];
    const hospitals = ['Hospital Geral', 'Santa Casa', 'Hospital das Clínicas'];
    const ids = [MARIA, JOAO, ANA];
    const cpfs = ['39053344705', '71460285859', '28001238938'];
    let n = 100;
    for (const [index, patientId] of ids.entries()) {
      const procedures: number[] = [];
      const events: PatientEvent[] = [
        registered(patientId, {
          cpf: cpfs[index]!,
          municipality: pick(places),
          surgeryLocation: pick(hospitals),
        }),
      ];
      for (let step = 0; step < 30; step += 1) {
        const roll = next();
        const known = procedures.length > 0 ? pick(procedures) : undefined;
        if (roll < 0.35 || known === undefined) {
          n += 1;
          procedures.push(n);
          events.push(assigned(patientId, n, next() < 0.5 ? null : `2025-0${1 + Math.floor(next() * 9)}-15`));
        } else if (roll < 0.55) events.push(completed(patientId, known));
        else if (roll < 0.65) {
          events.push(
            ProcedureReopened.create({ patientId, procedureId: procedureId(known), reason: 'staff' }),
          );
        } else if (roll < 0.75) {
          events.push(
            ProcedureRescheduled.create({
              patientId,
              procedureId: procedureId(known),
              scheduledDate: `2025-1${Math.floor(next() * 3)}-01`,
              previousScheduledDate: null,
              reason: 'base_date_changed',
            }),
          );
        } else if (roll < 0.8) {
          events.push(
            ProcedureRemoved.create({ patientId, procedureId: procedureId(known), reason: 'duplicate' }),
          );
          procedures.splice(procedures.indexOf(known), 1);
        } else {
          const changes =
            next() < 0.5 ? { municipality: pick(places) } : { surgeryLocation: pick(hospitals) };
          events.push(PatientUpdated.create({ patientId, changes }));
        }
      }
      // Appended in random slices: the runner's batches cut the history anywhere.
      for (let start = 0; start < events.length;) {
        const size = 1 + Math.floor(next() * 8);
        await given(patientId, events.slice(start, start + size));
        start += size;
      }
      expect(await counterRows()).toEqual(await recount());
    }
    await given(JOAO, [PatientDeleted.create({ patientId: JOAO, name: 'João' })]);
    expect(await counterRows()).toEqual(await recount());

    // And a rebuild in small batches, which sums the counters during its replay and writes
    // them once, leaves every counter row as the live batches did, rows at zero included
    const live = { counters: await counterRows(), statistics: await statisticsRows() };
    await harness.rebuild(patientsProjection, { batchSize: 3 });
    expect({ counters: await counterRows(), statistics: await statisticsRows() }).toEqual(live);
  });
});

/** The statistics' counters and pending procedures per date, every row (zeros included). */
async function statisticsRows() {
  return harness.pool.oneFirst(sql.type(Rows)`
    select json_build_object(
      'counters', (select coalesce(json_agg(s order by s.name), '[]') from patient_statistics s),
      'pendingByDate', (select coalesce(json_agg(p order by p.scheduled_date), '[]') from pending_procedures_by_date p)
    ) as rows
  `);
}

const Rows = z.object({ rows: z.unknown() });

/** Every counter row as plain JSON, in a stable order. */
async function counterRows() {
  const query = (table: string, order: string) =>
    harness.pool.oneFirst(sql.type(Rows)`
      select coalesce(json_agg(to_jsonb(t) order by ${sql.identifier([order])}), '[]') as rows
      from ${sql.identifier([table])} t
    `);
  const pending = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(r order by r.kind, r.key, r.scheduled_date), '[]') as rows from (
      select 'm' as kind, ibge_code as key, scheduled_date, pending from report_municipality_pending
      union all
      select 'e', establishment, scheduled_date, pending from report_establishment_pending
    ) r
  `);
  return {
    municipalities: await query('report_municipalities', 'ibge_code'),
    establishments: await query('report_establishments', 'establishment'),
    pending,
  };
}

/** The same rows counted from scratch over the patients read model. */
async function recount() {
  const municipalities = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(r order by r.ibge_code), '[]') as rows from (
      select municipality_ibge_code as ibge_code, min(municipality_name) as name, min(municipality_uf) as uf,
        count(*)::int as patients, sum(completed_procedures)::int as completed_procedures,
        sum(total_procedures - completed_procedures)::int as pending_procedures
      from patients group by 1) r
  `);
  const establishments = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(r order by r.establishment), '[]') as rows from (
      select surgery_location as establishment, count(*)::int as patients,
        sum(completed_procedures)::int as completed_procedures,
        sum(total_procedures - completed_procedures)::int as pending_procedures
      from patients group by 1) r
  `);
  const pending = await harness.pool.oneFirst(sql.type(Rows)`
    select coalesce(json_agg(r order by r.kind, r.key, r.scheduled_date), '[]') as rows from (
      select 'm' as kind, p.municipality_ibge_code as key, pp.scheduled_date, count(*)::int as pending
      from ${proceduresTable()} pp join patients p on p.id = pp.patient_id
      where pp.status = 'pending' and pp.scheduled_date is not null group by 1, 2, 3
      union all
      select 'e', p.surgery_location, pp.scheduled_date, count(*)::int
      from ${proceduresTable()} pp join patients p on p.id = pp.patient_id
      where pp.status = 'pending' and pp.scheduled_date is not null group by 1, 2, 3
    ) r
  `);
  return { municipalities, establishments, pending };
}
