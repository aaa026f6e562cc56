import type { CommonQueryMethods, FragmentSqlToken, IdentifierSqlToken } from 'slonik';
import { z } from 'zod';
import type { ProcedureType } from '@bari/contracts';
import { sql } from '@bari/db';
import type { TableNames } from '../runner/projection.ts';
import { PROCEDURE_COLUMNS, PROCEDURE_TYPE_COLUMNS } from './columns.ts';
import type { ProcedureListRow, ProcedureRow } from './fold.ts';
import { arrayLiteral, loadRows, selectList, textArrayBinary } from '../shared/columns.ts';
import { dateArrayBinary, int4ArrayBinary, uuidArrayBinary } from '../shared/binary-arrays.ts';

/*
 * Where a patient's procedures are stored: a bulk assignment's procedures are listed, as
 * assigned, in the patient's `patient_procedure_lists` row; a procedure assigned alone, or
 * changed since its assignment, has a row of its own in `patient_procedures`, which overrides
 * its listing. Every read of "the procedures" goes through `proceduresTable`, which gives the
 * rows and the listed procedures without one, in `patient_procedures`' shape.
 */

/** The tables a read of the procedures joins, live or the rebuild's copies. */
export interface ProcedureTables {
  readonly procedures: IdentifierSqlToken;
  readonly lists: IdentifierSqlToken;
  readonly types: IdentifierSqlToken;
}

export const LIVE_PROCEDURE_TABLES: ProcedureTables = {
  procedures: sql.identifier(['patient_procedures']),
  lists: sql.identifier(['patient_procedure_lists']),
  types: sql.identifier(['patient_procedure_types']),
};

export const procedureTablesOf = (tables: TableNames): ProcedureTables => ({
  procedures: tables('patient_procedures'),
  lists: tables('patient_procedure_lists'),
  types: tables('patient_procedure_types'),
});

/**
 * The listed procedures as rows of `patient_procedures`' columns, as assigned: pending, no
 * completion details, the type's copy from `patient_procedure_types`. `where` filters the
 * lists (`l`) and their elements (`e`).
 */
function listedProcedures(tables: ProcedureTables, where: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`
    select e.id, l.patient_id, e.type_id as procedure_type_id, t.name as type_name,
      t.category as type_category, t.phase as type_phase, t.is_required as type_is_required,
      t.scheduled_month as type_scheduled_month, 'pending'::text as status,
      e.scheduled_date, null::date as completed_date, null::text as location,
      null::text as professional_name, null::text as notes, e.ordinal
    from ${tables.lists} l
    cross join lateral unnest(l.procedure_ids, l.type_ids, l.scheduled_dates, l.ordinals)
      as e (id, type_id, scheduled_date, ordinal)
    join ${tables.types} t on t.id = e.type_id
    ${where}
  `;
}

const OWN_COLUMNS = sql.fragment`id, patient_id, procedure_type_id, type_name, type_category, type_phase,
  type_is_required, type_scheduled_month, status, scheduled_date, completed_date, location,
  professional_name, notes, ordinal`;

/**
 * Every procedure, as a derived table with the columns of `patient_procedures` (`ordinal`
 * orders a patient's timeline): the rows, and the listed procedures that have none. Use it
 * as `from ${proceduresTable()} pp where pp.patient_id = …`: PostgreSQL takes the condition
 * into both halves, each by its patient index.
 */
export function proceduresTable(tables: ProcedureTables = LIVE_PROCEDURE_TABLES): FragmentSqlToken {
  return sql.fragment`(
    select ${OWN_COLUMNS} from ${tables.procedures}
    union all
    ${listedProcedures(
      tables,
      // By patient as well as id: PostgreSQL hashes the patient's few rows once (0.16 ms for a
      // page's 93 procedures) instead of probing the primary key for each listed one (0.24 ms).
      sql.fragment`where not exists (
        select from ${tables.procedures} o where o.patient_id = l.patient_id and o.id = e.id
      )`,
    )}
  )`;
}

/** The patient of a procedure, listed or not (null when there is none). */
export async function patientOfProcedure(
  db: CommonQueryMethods,
  procedureId: string,
  tables: ProcedureTables = LIVE_PROCEDURE_TABLES,
): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ patientId: z.string() }))`
    (select patient_id as "patientId" from ${tables.procedures} where id = ${procedureId})
    union all
    (select patient_id from ${tables.lists} where procedure_ids @> array[${procedureId}::uuid])
    limit 1
  `);
}

const ListedRowSchema = z.record(z.unknown());

/**
 * The listed procedures of these patients as assigned (all, or only those of `procedureIds`,
 * picked by PostgreSQL), as the fold holds a procedure with no row of its own.
 */
export async function loadListedProcedures(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  patientIds: readonly string[],
  procedureIds?: readonly string[],
): Promise<ProcedureRow[]> {
  if (patientIds.length === 0) return [];
  const ofPatients = sql.fragment`l.patient_id = any(${sql.array([...patientIds], 'uuid')})`;
  const where = procedureIds
    ? sql.fragment`where ${ofPatients} and e.id = any(${sql.array([...procedureIds], 'uuid')})`
    : sql.fragment`where ${ofPatients}`;
  const rows = await db.any(sql.type(ListedRowSchema)`
    select ${selectList(PROCEDURE_COLUMNS)}, true as listed, false as "hasRow"
    from (${listedProcedures(tables, where)}) listed
    order by patient_id, ordinal
  `);
  return rows as ProcedureRow[];
}

/** Procedures with a row of their own, by their id or their patient's. */
export async function loadOwnProcedures(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  by: 'id' | 'patientId',
  keys: readonly string[],
): Promise<ProcedureRow[]> {
  const rows = await loadRows<typeof PROCEDURE_COLUMNS, Omit<ProcedureRow, 'listed' | 'hasRow'>>(
    db,
    tables.procedures,
    PROCEDURE_COLUMNS,
    PROCEDURE_COLUMNS[by],
    keys,
    by === 'patientId' ? sql.fragment`order by patient_id, ordinal` : sql.fragment``,
  );
  return rows.map((row) => ({ ...row, listed: false, hasRow: true }));
}

/**
 * Loaded rows and listed procedures as one procedure each: a row overrides the listing of the
 * same procedure, which stays `listed` (its list still holds it).
 */
export function mergeLoadedProcedures(
  rows: readonly ProcedureRow[],
  listed: readonly ProcedureRow[],
): Map<string, ProcedureRow> {
  const procedures = new Map(listed.map((procedure) => [procedure.id, procedure]));
  for (const row of rows) {
    procedures.set(row.id, procedures.has(row.id) ? { ...row, listed: true } : row);
  }
  return procedures;
}

/** Every procedure of these patients, each once (a row overrides its listing). */
export async function loadProceduresOfPatients(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  patientIds: readonly string[],
): Promise<ProcedureRow[]> {
  const rows = await loadOwnProcedures(db, tables, 'patientId', patientIds);
  const listed = await loadListedProcedures(db, tables, patientIds);
  return [...mergeLoadedProcedures(rows, listed).values()];
}

/** The types the lists know by these ids, as the contract spells a type. */
export async function loadProcedureTypes(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  ids: readonly string[],
): Promise<ProcedureType[]> {
  return loadRows<typeof PROCEDURE_TYPE_COLUMNS, ProcedureType>(
    db,
    tables.types,
    PROCEDURE_TYPE_COLUMNS,
    PROCEDURE_TYPE_COLUMNS.id,
    ids,
  );
}

/**
 * Adds procedures to their patients' lists: a patient without a list gets one, a patient with
 * one (a later bulk assignment) has these appended, in PostgreSQL, so the list is never read
 * back. Their ordinals come after every one the list holds, so the order stays.
 *
 * The batch's ids, dates and ordinals travel as one binary array each, and each list takes its
 * slice (`[lo:hi]`, a constant-time cut of fixed-size elements in an array without nulls): sent
 * as text literals, parsing 1.8 million uuids and dates was 1 s of a rebuild. The type ids,
 * text of varying length, go as each list's literal (a slice of them would be found by walking
 * the elements before it).
 */
export async function appendToLists(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  lists: readonly ProcedureListRow[],
): Promise<void> {
  if (lists.length === 0) return;
  const bounds = { lo: [] as number[], hi: [] as number[] };
  let end = 0;
  for (const list of lists) {
    bounds.lo.push(end + 1);
    end += list.procedureIds.length;
    bounds.hi.push(end);
  }
  // A loop: `flatMap` took 0.7 s for a rebuild's 1.8 million procedures.
  const flat = <Value>(pick: (list: ProcedureListRow) => readonly Value[]): Value[] => {
    const values: Value[] = [];
    for (const list of lists) for (const value of pick(list)) values.push(value);
    return values;
  };
  const slice = (array: FragmentSqlToken) => sql.fragment`(${array})[r.lo:r.hi]`;
  const ids = slice(sql.fragment`${sql.binary(uuidArrayBinary(flat((list) => list.procedureIds)))}::uuid[]`);
  // Nulls (unscheduled) travel as -infinity: see `dateArrayBinary`.
  const dates = sql.fragment`array_replace(${slice(
    sql.fragment`${sql.binary(
      dateArrayBinary(
        flat((list) => list.scheduledDates),
        { nulls: 'negativeInfinity' },
      ),
    )}::date[]`,
  )}, '-infinity'::date, null)`;
  const ordinals = slice(sql.fragment`${sql.binary(int4ArrayBinary(flat((list) => list.ordinals)))}::int4[]`);
  const appended = (column: string) =>
    sql.fragment`${sql.identifier([column])} = l.${sql.identifier([column])} || excluded.${sql.identifier([column])}`;
  await db.query(sql.typeAlias('void')`
    insert into ${tables.lists} as l (patient_id, procedure_ids, type_ids, scheduled_dates, ordinals)
    select r.patient_id, ${ids}, r.type_ids::text[], ${dates}, ${ordinals}
    from unnest(
      ${sql.binary(uuidArrayBinary(lists.map((list) => list.patientId)))}::uuid[],
      ${sql.binary(textArrayBinary(lists.map((list) => arrayLiteral(list.typeIds, 'text[]'))))}::text[],
      ${sql.binary(int4ArrayBinary(bounds.lo))}::int4[],
      ${sql.binary(int4ArrayBinary(bounds.hi))}::int4[]
    ) with ordinality as r (patient_id, type_ids, lo, hi, n)
    order by r.n
    on conflict (patient_id) do update set ${sql.join(
      ['procedure_ids', 'type_ids', 'scheduled_dates', 'ordinals'].map(appended),
      sql.fragment`, `,
    )}
  `);
}

/**
 * Takes procedures out of their patients' lists (removed procedures), in PostgreSQL: each
 * list is rebuilt without them, and a list left empty goes.
 */
export async function removeFromLists(
  db: CommonQueryMethods,
  tables: ProcedureTables,
  {
    patientIds,
    procedureIds,
  }: { readonly patientIds: readonly string[]; readonly procedureIds: readonly string[] },
): Promise<void> {
  if (procedureIds.length === 0) return;
  const ofPatients = sql.fragment`patient_id = any(${sql.array([...patientIds], 'uuid')})`;
  await db.query(sql.typeAlias('void')`
    update ${tables.lists} l set (procedure_ids, type_ids, scheduled_dates, ordinals) = (
      select coalesce(array_agg(e.id order by e.n), '{}'), coalesce(array_agg(e.type_id order by e.n), '{}'),
        coalesce(array_agg(e.scheduled_date order by e.n), '{}'), coalesce(array_agg(e.ordinal order by e.n), '{}')
      from unnest(l.procedure_ids, l.type_ids, l.scheduled_dates, l.ordinals) with ordinality
        as e (id, type_id, scheduled_date, ordinal, n)
      where not (e.id = any(${sql.array([...procedureIds], 'uuid')}))
    )
    where l.${ofPatients}
  `);
  await db.query(sql.typeAlias('void')`
    delete from ${tables.lists} where ${ofPatients} and cardinality(procedure_ids) = 0
  `);
}
