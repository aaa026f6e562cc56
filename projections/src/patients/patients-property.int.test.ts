import { seededRandom } from '@bari/contracts/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LegacyProcedureImported,
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureAssigned,
  ProcedureCompleted,
  ProcedureCompletionChanged,
  ProcedureRemoved,
  ProcedureReopened,
  ProcedureRescheduled,
  RequiredProceduresAssigned,
  foldText,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { sql } from '@bari/db';
import type { RecordedEvent } from '@bari/event-store';
import {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from '../../test/support/test-database.ts';
import { testMetadata } from '../../test/support/test-metadata.ts';
import { applyBatch, liveTables } from '../runner/apply.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { patientsProjection } from './projection.ts';
import { proceduresTable } from './procedure-sources.ts';
import { createPatientQueries, type PatientQueries } from './queries.ts';

/*
 * Property: for random sequences of every patient event type, applied in random batch sizes,
 * the read model holds exactly the rows of a simple reference fold (one event at a time, no
 * SQL), and a rebuild gives the same rows again.
 */

/** A small seeded generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const date = (): string =>
    `2025-${String(1 + int(12)).padStart(2, '0')}-${String(1 + int(28)).padStart(2, '0')}`;
  return { next, int, pick, date };
}

const TYPES: readonly ProcedureType[] = [
  {
    id: 'pre_op_lab.hemograma',
    name: 'Hemograma',
    category: 'pre_op_lab',
    phase: 'pre_operative',
    isRequired: true,
    scheduledMonth: null,
  },
  {
    id: 'pre_op_lab.zinco',
    name: 'Zinco',
    category: 'pre_op_lab',
    phase: 'pre_operative',
    isRequired: false,
    scheduledMonth: null,
  },
  {
    id: 'post_op_1mes.cirurgiao',
    name: 'Cirurgião',
    category: 'post_op_1mes',
    phase: 'post_operative',
    isRequired: true,
    scheduledMonth: 1,
  },
  {
    id: 'post_op_3mes.nutri',
    name: 'Nutrição',
    category: 'post_op_3mes',
    phase: 'post_operative',
    isRequired: false,
    scheduledMonth: 3,
  },
];
/** A copy of a type that differs from the catalogue's (types never change; a log may still hold one). */
const DRIFTED: ProcedureType = { ...TYPES[0]!, name: 'Hemograma completo' };
const NAMES = ['Ana Souza', 'José Ângelo', 'Márcia Lima', 'João', 'Zélia Prado'];
const PLACES = [
  { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' },
  { ibgeCode: '3304557', name: 'Rio de Janeiro', uf: 'RJ' },
  { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
];

interface GeneratedStream {
  readonly patientId: string;
  readonly events: PatientEvent[];
}

/** Random but valid histories: every event refers to a patient and procedures that exist then. */
function generate(seed: number, patients: number, steps: number): GeneratedStream[] {
  const rng = random(seed);
  const streams: (GeneratedStream & {
    procedures: Map<string, 'pending' | 'completed'>;
    deleted: boolean;
  })[] = Array.from({ length: patients }, () => ({
    patientId: randomUUID(),
    events: [],
    procedures: new Map(),
    deleted: false,
  }));
  for (const stream of streams) {
    stream.events.push(
      PatientRegistered.create({
        patientId: stream.patientId,
        name: rng.pick(NAMES),
        cpf: '39053344705',
        cns: rng.next() < 0.5 ? null : '162709345180001',
        municipality: rng.pick(PLACES),
        admissionDate: rng.date(),
        dischargeDate: null,
        surgeryDate: rng.next() < 0.5 ? null : rng.date(),
        surgeryLocation: 'Hospital Geral',
        surgeonName: 'Dr. Souza',
        aihNumber: null,
        sisregCode: null,
        notes: null,
      }),
    );
  }
  const details = () => ({
    location: rng.next() < 0.5 ? null : 'Ambulatório',
    professionalName: rng.next() < 0.5 ? null : 'Dra. Lima',
    notes: rng.next() < 0.7 ? null : 'observação',
  });
  for (let step = 0; step < steps; step += 1) {
    const live = streams.filter((stream) => !stream.deleted);
    if (live.length === 0) break;
    const stream = rng.pick(live);
    const patientId = stream.patientId;
    const ids = [...stream.procedures.keys()];
    const pending = ids.filter((id) => stream.procedures.get(id) === 'pending');
    const completed = ids.filter((id) => stream.procedures.get(id) === 'completed');
    const roll = rng.int(100);
    let event: PatientEvent | undefined;
    if (roll < 12) {
      const procedures = Array.from({ length: 1 + rng.int(4) }, () => ({
        procedureId: randomUUID(),
        procedureType: rng.next() < 0.05 ? DRIFTED : rng.pick(TYPES),
        scheduledDate: rng.next() < 0.4 ? null : rng.date(),
      }));
      for (const procedure of procedures) stream.procedures.set(procedure.procedureId, 'pending');
      event = RequiredProceduresAssigned.create({
        patientId,
        procedures,
        reason: rng.pick(['registration', 'migration']),
      });
    } else if (roll < 20) {
      const procedureId = randomUUID();
      stream.procedures.set(procedureId, 'pending');
      event = ProcedureAssigned.create({
        patientId,
        procedureId,
        procedureType: rng.pick(TYPES),
        status: 'pending',
        scheduledDate: rng.next() < 0.5 ? null : rng.date(),
        reason: rng.pick(['registration', 'added', 'recorded', 'migration']),
      });
    } else if (roll < 25) {
      const procedureId = randomUUID();
      const status = rng.pick(['pending', 'completed'] as const);
      stream.procedures.set(procedureId, status);
      event = LegacyProcedureImported.create({
        patientId,
        procedureId,
        procedureType: rng.pick(TYPES),
        status,
        scheduledDate: rng.next() < 0.5 ? null : rng.date(),
        completedDate: rng.next() < 0.5 ? null : rng.date(),
        ...details(),
      });
    } else if (roll < 50 && pending.length > 0) {
      const procedureId = rng.pick(pending);
      stream.procedures.set(procedureId, 'completed');
      event = ProcedureCompleted.create({ patientId, procedureId, completedDate: rng.date(), ...details() });
    } else if (roll < 58 && completed.length > 0) {
      event = ProcedureCompletionChanged.create({
        patientId,
        procedureId: rng.pick(completed),
        completedDate: rng.date(),
        ...details(),
      });
    } else if (roll < 66 && completed.length > 0) {
      const procedureId = rng.pick(completed);
      stream.procedures.set(procedureId, 'pending');
      event = ProcedureReopened.create({ patientId, procedureId, reason: 'staff' });
    } else if (roll < 76 && ids.length > 0) {
      event = ProcedureRescheduled.create({
        patientId,
        procedureId: rng.pick(ids),
        scheduledDate: rng.next() < 0.2 ? null : rng.date(),
        previousScheduledDate: null,
        reason: 'base_date_changed',
      });
    } else if (roll < 81 && ids.length > 0) {
      const procedureId = rng.pick(ids);
      stream.procedures.delete(procedureId);
      event = ProcedureRemoved.create({ patientId, procedureId, reason: 'duplicate' });
    } else if (roll < 95 || live.length <= 3) {
      // Half the patients at most are deleted: the others' rows are what the comparison sees.
      event = PatientUpdated.create({
        patientId,
        changes: rng.pick([
          { name: rng.pick(NAMES) },
          { municipality: rng.pick(PLACES) },
          { surgeryDate: rng.date(), notes: 'nota' },
          { cns: null, dischargeDate: rng.date() },
        ]),
      });
    } else {
      stream.deleted = true;
      event = PatientDeleted.create({ patientId, name: 'x' });
    }
    stream.events.push(event);
  }
  return streams;
}

// ── The reference: one event at a time, plain objects ─────────────────────────────────

type Row = Record<string, unknown>;

function referenceFold(log: readonly RecordedEvent[]) {
  const patients = new Map<string, Row>();
  const procedures = new Map<string, Row>();
  const order: string[] = [];
  const assigned = new Map<string, number>();
  /** The first copy of each type a bulk assignment carried: the one lists name. */
  const listedTypes = new Map<string, ProcedureType>();
  const procedure = (patientId: string, id: string, type: ProcedureType, values: Row): void => {
    order.push(id);
    if (patients.has(patientId)) assigned.set(patientId, (assigned.get(patientId) ?? 0) + 1);
    procedures.set(id, {
      listed: false,
      has_row: true,
      id,
      patient_id: patientId,
      procedure_type_id: type.id,
      type_name: type.name,
      type_category: type.category,
      type_phase: type.phase,
      type_is_required: type.isRequired,
      type_scheduled_month: type.scheduledMonth,
      status: 'pending',
      scheduled_date: null,
      completed_date: null,
      location: null,
      professional_name: null,
      notes: null,
      ...values,
    });
  };
  const change = (id: string, values: Row): void => {
    const row = procedures.get(id);
    if (row) procedures.set(id, { ...row, ...values, has_row: true });
  };
  const detailColumns = (details: Record<string, unknown>): Row => {
    const row: Row = {};
    const columns: Record<string, string> = {
      name: 'name',
      cpf: 'cpf',
      cns: 'cns',
      admissionDate: 'admission_date',
      dischargeDate: 'discharge_date',
      surgeryDate: 'surgery_date',
      surgeryLocation: 'surgery_location',
      surgeonName: 'surgeon_name',
      aihNumber: 'aih_number',
      sisregCode: 'sisreg_code',
      notes: 'notes',
    };
    for (const [field, column] of Object.entries(columns)) if (field in details) row[column] = details[field];
    if (typeof details.name === 'string') row.search_name = foldText(details.name);
    const municipality = details.municipality as { ibgeCode: string; name: string; uf: string } | undefined;
    if (municipality) {
      Object.assign(row, {
        municipality_ibge_code: municipality.ibgeCode,
        municipality_name: municipality.name,
        municipality_uf: municipality.uf,
        search_municipality: foldText(municipality.name),
      });
    }
    return row;
  };
  for (const recorded of log) {
    const event = { type: recorded.type, data: recorded.data } as PatientEvent;
    const patientId = event.data.patientId;
    switch (event.type) {
      case 'PatientRegistered': {
        const { patientId: _id, ...details } = event.data;
        patients.set(patientId, {
          id: patientId,
          // When the command was decided (its metadata), as the projection records it.
          registered_at: new Date(recorded.metadata.timestamp).toISOString(),
          ...detailColumns(details),
        });
        break;
      }
      case 'PatientUpdated':
        if (patients.has(patientId))
          patients.set(patientId, { ...patients.get(patientId), ...detailColumns(event.data.changes) });
        break;
      case 'PatientDeleted':
        patients.delete(patientId);
        for (const [id, row] of procedures) if (row.patient_id === patientId) procedures.delete(id);
        break;
      case 'ProcedureAssigned':
        procedure(patientId, event.data.procedureId, event.data.procedureType, {
          scheduled_date: event.data.scheduledDate,
        });
        break;
      case 'RequiredProceduresAssigned':
        for (const item of event.data.procedures) {
          const type = item.procedureType;
          if (!listedTypes.has(type.id)) listedTypes.set(type.id, type);
          const listed = JSON.stringify(listedTypes.get(type.id)) === JSON.stringify(type);
          procedure(patientId, item.procedureId, type, {
            scheduled_date: item.scheduledDate,
            listed,
            has_row: !listed,
          });
        }
        break;
      case 'LegacyProcedureImported': {
        const d = event.data;
        procedure(patientId, d.procedureId, d.procedureType, {
          status: d.status,
          scheduled_date: d.scheduledDate,
          completed_date: d.completedDate,
          location: d.location,
          professional_name: d.professionalName,
          notes: d.notes,
        });
        break;
      }
      case 'ProcedureCompleted':
      case 'ProcedureCompletionChanged': {
        const d = event.data;
        change(d.procedureId, {
          status: 'completed',
          completed_date: d.completedDate,
          location: d.location,
          professional_name: d.professionalName,
          notes: d.notes,
        });
        break;
      }
      case 'ProcedureReopened':
        change(event.data.procedureId, { status: 'pending', completed_date: null });
        break;
      case 'ProcedureRescheduled':
        change(event.data.procedureId, { scheduled_date: event.data.scheduledDate });
        break;
      case 'ProcedureRemoved':
        procedures.delete(event.data.procedureId);
        break;
    }
    const patient = patients.get(patientId);
    if (patient && event.type !== 'PatientDeleted')
      patients.set(patientId, { ...patient, version: Number(recorded.revision) });
  }
  // Counters, recounted from the procedures.
  for (const [id, patient] of patients) {
    const mine = [...procedures.values()].filter((row) => row.patient_id === id);
    const done = mine.filter((row) => row.status === 'completed');
    patients.set(id, {
      ...patient,
      total_procedures: mine.length,
      assigned_procedures: assigned.get(id) ?? 0,
      completed_procedures: done.length,
      required_procedures: mine.filter((row) => row.type_is_required).length,
      completed_required_procedures: done.filter((row) => row.type_is_required).length,
    });
  }
  const all = [...procedures.values()];
  const pendingByDate = new Map<string, number>();
  for (const row of all) {
    if (row.status === 'pending' && row.scheduled_date) {
      const date = row.scheduled_date as string;
      pendingByDate.set(date, (pendingByDate.get(date) ?? 0) + 1);
    }
  }
  return {
    patients: [...patients.values()].sort((a, b) => String(a.id).localeCompare(String(b.id))),
    // A patient's procedures in assignment order (the read model's `ordinal`), patients by id.
    procedures: order
      .filter((id) => procedures.has(id))
      .map((id) => procedures.get(id)!)
      .sort((a, b) =>
        a.patient_id === b.patient_id ? 0 : String(a.patient_id) < String(b.patient_id) ? -1 : 1,
      ),
    statistics: {
      patients: patients.size,
      completed: all.filter((row) => row.status === 'completed').length,
      pending: all.filter((row) => row.status === 'pending').length,
      pendingByDate: [...pendingByDate.entries()].sort(([a], [b]) => a.localeCompare(b)),
    },
  };
}

// ── The read model, as plain rows ─────────────────────────────────────────────────────

const JsonRows = z.object({ rows: z.array(z.record(z.unknown())) });
const Counter = z.object({ name: z.string(), value: z.number() });
const PerDate = z.object({ date: z.string(), pending: z.number() });

async function readModel(database: ProjectionTestDatabase) {
  const { pool } = database;
  const patients = await pool.oneFirst(sql.type(JsonRows)`
    select coalesce(json_agg(row_to_json(p) order by p.id), '[]') as rows
    from (select id, version, to_char(registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as registered_at,
      name, cpf, cns, municipality_ibge_code, municipality_name, municipality_uf,
      admission_date::text, discharge_date::text, surgery_date::text, surgery_location, surgeon_name,
      aih_number, sisreg_code, notes, search_name, search_municipality, total_procedures,
      completed_procedures, required_procedures, completed_required_procedures, assigned_procedures
      from patients) p
  `);
  // Every procedure, and where it is stored: in its patient's list, in a row of its own, or both.
  const procedures = await pool.oneFirst(sql.type(JsonRows)`
    select coalesce(json_agg(row_to_json(p) order by p.patient_id, p.ordinal), '[]') as rows
    from (select pp.ordinal, pp.id, pp.patient_id, procedure_type_id, type_name, type_category, type_phase,
      type_is_required, type_scheduled_month, status, scheduled_date::text, completed_date::text, location,
      professional_name, notes,
      exists (select from patient_procedure_lists l where l.procedure_ids @> array[pp.id]) as listed,
      exists (select from patient_procedures o where o.id = pp.id) as has_row
      from ${proceduresTable()} pp) p
  `);
  const counters = await pool.any(
    sql.type(Counter)`select name, value::float8 as value from patient_statistics`,
  );
  const perDate = await pool.any(sql.type(PerDate)`
    select scheduled_date::text as date, pending from pending_procedures_by_date where pending <> 0 order by 1
  `);
  const counter = (name: string) => counters.find((row) => row.name === name)?.value ?? 0;
  return {
    patients: patients.map((row) => normalise(row)),
    procedures: procedures.map(({ ordinal: _ordinal, ...row }) => normalise(row)),
    statistics: {
      patients: counter('patients'),
      completed: counter('completed_procedures'),
      pending: counter('pending_procedures'),
      pendingByDate: perDate.map((row) => [row.date, row.pending]),
    },
  };
}

/** Fills absent columns with null, so the reference can leave untouched optional columns out. */
function normalise(row: Row): Row {
  return Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));
}

function referenceRows(log: readonly RecordedEvent[]) {
  const reference = referenceFold(log);
  const columns = [
    'id',
    'version',
    'registered_at',
    'name',
    'cpf',
    'cns',
    'municipality_ibge_code',
    'municipality_name',
    'municipality_uf',
    'admission_date',
    'discharge_date',
    'surgery_date',
    'surgery_location',
    'surgeon_name',
    'aih_number',
    'sisreg_code',
    'notes',
    'search_name',
    'search_municipality',
    'total_procedures',
    'completed_procedures',
    'required_procedures',
    'completed_required_procedures',
    'assigned_procedures',
  ];
  return {
    ...reference,
    patients: reference.patients.map((row) =>
      normalise(Object.fromEntries(columns.map((column) => [column, row[column] ?? null]))),
    ),
    procedures: reference.procedures.map((row) => normalise(row)),
  };
}

describe('patients projection, property: random histories in random batches', { timeout: 120_000 }, () => {
  let database: ProjectionTestDatabase;
  // One for every seed: each seed's emptied types table (a new file) starts its texts afresh.
  let pages: PatientQueries;
  beforeAll(async () => {
    database = await createProjectionTestDatabase();
    pages = createPatientQueries(database.pool);
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'seed %i: the rows equal the reference fold, live and after a rebuild',
    async (seed) => {
      const { eventStore, pool } = database;
      await pool.query(sql.typeAlias('void')`
      truncate patients, patient_procedures, patient_procedure_lists, patient_procedure_types,
        patient_statistics, pending_procedures_by_date
    `);
      const start = await eventStore.headPosition();
      const streams = generate(seed, 6, 260);
      // Interleave the streams' events in the log, in a seeded order.
      const rng = random(seed * 7919);
      const cursors = streams.map(() => 0);
      for (;;) {
        const open = streams
          .map((_, index) => index)
          .filter((index) => cursors[index]! < streams[index]!.events.length);
        if (open.length === 0) break;
        const index = rng.pick(open);
        const take = 1 + rng.int(3);
        const events = streams[index]!.events.slice(cursors[index], cursors[index]! + take);
        cursors[index] = cursors[index]! + events.length;
        await eventStore.appendToStream(
          `patient-${streams[index]!.patientId}`,
          events.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: testMetadata(),
          })),
          'any',
        );
      }
      const log = await eventStore.readAll({ after: start, maxCount: 100_000 });

      // When the log is applied in random batch sizes
      const tables = liveTables(patientsProjection);
      for (let at = 0; at < log.length;) {
        const size = 1 + rng.int(rng.next() < 0.3 ? 200 : 12);
        const batch = log.slice(at, at + size);
        await pool.transaction((tx) => applyBatch(tx, patientsProjection, batch, tables, 'live'));
        at += size;
        // Then after every batch the rows are the reference fold's of the log so far
        expect(await readModel(database)).toEqual(referenceRows(log.slice(0, at)));
      }
      const expected = referenceRows(log);
      // (a history that leaves nothing to compare would prove nothing)
      expect(expected.procedures.length).toBeGreaterThan(20);
      expect(expected.procedures.filter((row) => row.listed && !row.has_row).length).toBeGreaterThan(0);
      expect(expected.procedures.filter((row) => row.listed && row.has_row).length).toBeGreaterThan(0);
      // And each patient's page is its DTO built from the rows, before, on and after its dates
      for (const patient of expected.patients) {
        const id = String(patient.id);
        for (const day of ['2024-12-31', '2025-06-15', '2026-01-01']) {
          const page = await pages.detailJson(id, day);
          expect(JSON.parse(page!.json)).toEqual(await pages.detail(id, day));
          // Its procedures written as JSON.stringify writes them: the same escapes, no spaces.
          const procedures = page!.json.slice(
            page!.json.indexOf(',"procedures":') + ',"procedures":'.length,
            -1,
          );
          expect(procedures).toBe(JSON.stringify(JSON.parse(procedures)));
        }
      }

      // And a rebuild (of this seed's log only: the tables were emptied for it) gives them again
      if (seed === 1) {
        await rebuildProjection({
          eventStore,
          pool,
          projection: patientsProjection,
          batchSize: 1 + rng.int(50),
        });
        expect(await readModel(database)).toEqual(expected);
      }
    },
  );
});
