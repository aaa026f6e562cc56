import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from '@bari/db';
import {
  PatientIdSchema,
  derivePatientStatus,
  foldText,
  isProcedureOverdue,
  progressPercentage,
  type PatientDetailDto,
  type PatientListQuery,
  type PatientListSort,
  type PatientListRow,
  type PatientProcedureDto,
  type ProcedureRecord,
} from '@bari/contracts';
import { PREPARED, sql } from '@bari/db';
import {
  PatientRowSchema,
  ProcedureRowSchema,
  patientColumns,
  procedureColumns,
  type PatientRow,
} from './rows.ts';
import { LIVE_PROCEDURE_TABLES, patientOfProcedure, proceduresTable } from './procedure-sources.ts';
import { PAGE_PROCEDURE_COLUMNS, patientPageText } from './page-text.ts';
import { TYPES_TABLE, createTypeTexts } from './type-texts.ts';

/*
 * Reads of the patients read model. Everything that depends on the date — the derived status
 * (`pre_op` until the surgery date), overdue procedures — is computed here, at read time,
 * against `today` (`clinicToday(now)`, São Paulo) passed in by the caller.
 */

/** The SQL twin of `derivePatientStatus`, for filtering on the server. */
function statusExpression(today: string): FragmentSqlToken {
  return sql.fragment`(case
    when surgery_date is null or surgery_date > ${today}::date then 'pre_op'
    when required_procedures > 0 and completed_required_procedures >= required_procedures then 'completed'
    else 'post_op'
  end)`;
}

/**
 * The SQL twin of `progressPercentage`: JavaScript's `Math.round(x)` is `floor(x + 0.5)`, on
 * the same IEEE doubles (so 57 of 200, 28.499999… in both, rounds to 28 in both).
 */
export function progressExpression(completed: FragmentSqlToken, total: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(case when ${total} <= 0 then 0
    else least(100, greatest(0, floor(${completed}::float8 / ${total} * 100 + 0.5)))::int end)`;
}

/** `text` as a LIKE pattern matching it anywhere: `%`, `_` and `\\` in it are plain characters. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Shorter words are left out of a search by words: they would match most names ('da', 'de'). */
const SEARCH_WORD_MIN_LENGTH = 3;

/**
 * Name and municipality folded (accents, case and extra spaces aside) and matched as
 * substrings, and by words in any order ('maria silva' finds Maria da Silva Santos, 'maria
 * campinas' the Marias of Campinas); CNS as a substring of its digits when the search is a
 * number; the CPF whole (11 digits, masked or not), the identifier a nurse most often has at
 * hand, or its beginning from six digits on ('529.982', as the nurse starts typing it).
 * Substring LIKE is what the trigram indexes of these columns serve, the CPF its own index.
 */
/**
 * The CPFs that begin with `digits`, as a range the CPF's index serves (a LIKE prefix would not,
 * outside the C collation): from the prefix to the next one ('529982' → '529983'; a run of nines
 * has no next one: every CPF above it begins with it). CPFs are digits only, which every
 * collation orders as C does.
 */
function cpfStartingWith(digits: string): FragmentSqlToken {
  if (/^9+$/.test(digits)) return sql.fragment`cpf >= ${digits}`;
  const next = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return sql.fragment`(cpf >= ${digits} and cpf < ${next})`;
}

function searchCondition(search: string): FragmentSqlToken {
  const text = foldText(search);
  const folded = containing(text);
  const conditions = [
    sql.fragment`search_name like ${folded}`,
    sql.fragment`search_municipality like ${folded}`,
  ];
  const words = text.split(' ').filter((word) => word.length >= SEARCH_WORD_MIN_LENGTH);
  if (words.length > 1) {
    const each = words.map(
      (word) =>
        sql.fragment`(search_name like ${containing(word)} or search_municipality like ${containing(word)})`,
    );
    conditions.push(sql.fragment`(${sql.join(each, sql.fragment` and `)})`);
  }
  const digits = search.replace(/[\s.\-/]/g, '');
  if (/^\d+$/.test(digits)) conditions.push(sql.fragment`cns like ${containing(digits)}`);
  if (/^\d{11}$/.test(digits)) conditions.push(sql.fragment`cpf = ${digits}`);
  else if (/^\d{6,10}$/.test(digits)) conditions.push(cpfStartingWith(digits));
  return sql.fragment`(${sql.join(conditions, sql.fragment` or `)})`;
}

const SORT_KEYS: Readonly<Record<PatientListSort, FragmentSqlToken>> = {
  name: sql.fragment`name collate "pt-BR-x-icu"`,
  admissionDate: sql.fragment`admission_date`,
  progress: sql.fragment`(case when total_procedures = 0 then 0 else completed_procedures::float8 / total_procedures end)`,
  registeredAt: sql.fragment`registered_at`,
};

/** A total order (id breaks ties), so pages never overlap or skip a patient. */
function orderBy(sort: PatientListSort, direction: 'asc' | 'desc' | undefined): FragmentSqlToken {
  const descending = (direction ?? (sort === 'name' ? 'asc' : 'desc')) === 'desc';
  return descending
    ? sql.fragment`order by ${SORT_KEYS[sort]} desc, id desc`
    : sql.fragment`order by ${SORT_KEYS[sort]} asc, id asc`;
}

function whereClause(conditions: readonly FragmentSqlToken[]): FragmentSqlToken {
  return conditions.length === 0
    ? sql.fragment``
    : sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}`;
}

function toListRow({ patient, counts }: PatientRow, today: string): PatientListRow {
  return {
    ...patient,
    status: derivePatientStatus(
      {
        surgeryDate: patient.surgeryDate,
        requiredProcedures: counts.requiredProcedures,
        completedRequiredProcedures: counts.completedRequiredProcedures,
      },
      today,
    ),
    progress: progressPercentage(counts.completedProcedures, counts.totalProcedures),
    completedProcedures: counts.completedProcedures,
    totalProcedures: counts.totalProcedures,
  };
}

function toProcedureDto(procedure: ProcedureRecord, today: string): PatientProcedureDto {
  return { ...procedure, overdue: isProcedureOverdue(procedure, today) };
}

/**
 * The patient page's query: the header as PostgreSQL writes it (the `PatientDetailDto`'s object
 * without its closing brace), the procedures with a row of their own as one array per column,
 * and the patient's list as it is stored; `page-text.ts` writes the procedures and puts the page
 * together.
 *
 * It is the SQL twin of `toListRow` (status: `statusExpression`; progress:
 * `progressPercentage`'s `Math.round` as `floor(x + 0.5)` on the same float8 arithmetic; dates
 * in JSON are ISO whatever the DateStyle). `patients.int.test.ts` and the property test hold
 * the page equal to the DTO built from the rows in TypeScript, and to the contract.
 */
function patientPageQuery(today: string): FragmentSqlToken {
  const header = sql.fragment`left(json_build_object(
    'id', p.id, 'version', p.version,
    'registeredAt', to_char(p.registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'name', p.name, 'cpf', p.cpf, 'cns', p.cns,
    'municipality', json_build_object(
      'ibgeCode', p.municipality_ibge_code, 'name', p.municipality_name, 'uf', p.municipality_uf),
    'admissionDate', p.admission_date, 'dischargeDate', p.discharge_date,
    'surgeryDate', p.surgery_date, 'surgeryLocation', p.surgery_location,
    'surgeonName', p.surgeon_name, 'aihNumber', p.aih_number, 'sisregCode', p.sisreg_code,
    'notes', p.notes,
    'status', ${statusExpression(today)},
    'progress', ${progressExpression(sql.fragment`p.completed_procedures`, sql.fragment`p.total_procedures`)},
    'completedProcedures', p.completed_procedures,
    'totalProcedures', p.total_procedures
  )::text, -1)`;
  // One array per column, in timeline order (`OwnColumns`): one `to_json` per column, not
  // per value, and nothing concatenated (0.19 → 0.08 ms for a page's own procedures).
  const ownColumns = sql.join(
    PAGE_PROCEDURE_COLUMNS.map(
      (column) =>
        sql.fragment`${column}::text, array_agg(${sql.identifier(['pp', column])} order by pp.ordinal)`,
    ),
    sql.fragment`, `,
  );
  const { procedures, lists } = LIVE_PROCEDURE_TABLES;
  return sql.fragment`select p.version, p.id as "patientId", ${header} as header,
      (select json_build_object(${ownColumns})::text from ${procedures} pp where pp.patient_id = p.id) as own,
      array_to_string(l.procedure_ids, ',') as "listedIds",
      array_to_string(l.ordinals, ',') as "listedOrdinals",
      to_json(l.type_ids)::text as "listedTypes",
      to_json(l.scheduled_dates)::text as "listedDates",
      pg_relation_filenode(${TYPES_TABLE}::regclass)::text as "typesFile"
    from patients p left join ${lists} l on l.patient_id = p.id`;
}

/**
 * `patientPageQuery(today)`, composed once a day: slonik renumbers the placeholders of every
 * nested fragment each time a query is composed, and this one nests a dozen over 2.4 kB of
 * text, on every page view (measured: slonik's SQL tag was 6 % of the server's CPU under the
 * page load). It changes only with the date.
 */
let pageQueryOfDay: { readonly day: string; readonly fragment: FragmentSqlToken } | undefined;
function pageQueryOf(today: string): FragmentSqlToken {
  if (pageQueryOfDay?.day !== today) pageQueryOfDay = { day: today, fragment: patientPageQuery(today) };
  return pageQueryOfDay.fragment;
}

const PatientPagePartsSchema = z.object({
  version: z.number().int(),
  patientId: z.string(),
  header: z.string(),
  own: z.string(),
  listedIds: z.string().nullable(),
  listedOrdinals: z.string().nullable(),
  listedTypes: z.string().nullable(),
  listedDates: z.string().nullable(),
  typesFile: z.string().nullable(),
});

/** The patient page as JSON text, and its version (the ETag). */
export interface PatientDetailJson {
  readonly version: number;
  readonly json: string;
}

/** A syntactically valid id, so a malformed one reads as "not found" rather than a SQL error. */
const isId = (id: string): boolean => PatientIdSchema.safeParse(id).success;

export interface PatientPage {
  readonly rows: PatientListRow[];
  /** Patients matching the search and status, all pages together (`X-Total-Count`). */
  readonly total: number;
}

/** Reads of the patient list, the patient page and procedures. */
export function createPatientQueries(pool: DatabasePool) {
  const types = createTypeTexts(pool);
  async function procedures(patientId: string, today: string): Promise<PatientProcedureDto[]> {
    const rows = await pool.any(sql.type(ProcedureRowSchema)`
      select ${procedureColumns} from ${proceduresTable()} pp where pp.patient_id = ${patientId} order by pp.ordinal
    `);
    return rows.map((row) => toProcedureDto(row, today));
  }

  async function patientRow(patientId: string): Promise<PatientRow | null> {
    if (!isId(patientId)) return null;
    return pool.maybeOne(sql.type(PatientRowSchema)`
      select ${patientColumns} from patients where id = ${patientId}
    `);
  }

  return {
    /** `GET /api/patients`: in the requested order, filtered, one page, with the total. */
    async list(query: PatientListQuery, today: string): Promise<PatientPage> {
      const conditions: FragmentSqlToken[] = [];
      if (query.search) conditions.push(searchCondition(query.search));
      if (query.status) conditions.push(sql.fragment`${statusExpression(today)} = ${query.status}`);
      const where = whereClause(conditions);
      const total = await pool.oneFirst(sql.type(z.object({ total: z.number().int() }))`
        select count(*)::int as total from patients ${where}
      `);
      const rows = await pool.any(sql.type(PatientRowSchema)`
        select ${patientColumns} from patients ${where}
        ${orderBy(query.sort, query.direction)}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      `);
      return { rows: rows.map((row) => toListRow(row, today)), total };
    },

    /**
     * `GET /api/patients/:id` as JSON text, in one round trip (two the first time a type is
     * met); null when unknown or deleted. Prepared once per connection (`PREPARED`): parsing
     * and planning this text on every call was about half of the query's cost.
     */
    async detailJson(patientId: string, today: string): Promise<PatientDetailJson | null> {
      if (!isId(patientId)) return null;
      const parts = await pool.maybeOne(sql.type(PatientPagePartsSchema)`
        ${PREPARED} ${pageQueryOf(today)} where p.id = ${patientId}
      `);
      if (!parts) return null;
      const typeTexts = await types.ofList(parts.typesFile, parts.listedTypes);
      return { version: parts.version, json: patientPageText(parts, typeTexts, today) };
    },

    /** The patient, its progress and its procedures; null when unknown or deleted. */
    async detail(patientId: string, today: string): Promise<PatientDetailDto | null> {
      if (!isId(patientId)) return null;
      const row = await patientRow(patientId);
      if (!row) return null;
      return { ...toListRow(row, today), procedures: await procedures(patientId, today) };
    },

    /** The patient's procedures in assignment order; null when the patient is unknown. */
    async procedures(patientId: string, today: string): Promise<PatientProcedureDto[] | null> {
      if (!(await patientRow(patientId))) return null;
      return procedures(patientId, today);
    },

    /**
     * The patient holding a procedure, or null (procedures have no stream of their own: a
     * command on one is a command on its patient's stream). Only the id: the command decides
     * on the stream, not on this row.
     */
    async patientOfProcedure(procedureId: string): Promise<string | null> {
      if (!isId(procedureId)) return null;
      return patientOfProcedure(pool, procedureId);
    },

    /** Every live patient's id, oldest first (the administrators' bulk commands visit them all). */
    /** The live patients' names by id (those of `ids` the read model has). */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await pool.any(sql.type(z.object({ id: PatientIdSchema, name: z.string() }))`
        select id, name from patients where id = any(${sql.array([...ids], 'uuid')})
      `);
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async patientIds(): Promise<string[]> {
      const ids = await pool.anyFirst(sql.type(z.object({ id: PatientIdSchema }))`
        select id from patients order by registered_at, id
      `);
      return [...ids];
    },

    /**
     * The live patients with this CNS (15 digits), however it was stored (spaces, dots);
     * served by `patients_by_cns_digits`.
     */
    async idsWithCns(cns: string): Promise<string[]> {
      const ids = await pool.anyFirst(sql.type(z.object({ id: PatientIdSchema }))`
        select id from patients where regexp_replace(cns, '[^0-9]', '', 'g') = ${cns}
        order by registered_at, id limit 10
      `);
      return [...ids];
    },

    /**
     * The live patients lacking a procedure (in any status) of one of `typeIds`, oldest first:
     * the only ones 'Atualizar Procedimentos' can change. One pass over the read model (0.13 ms
     * a patient) instead of reading every patient's stream (1.5 ms a patient: 65 s for a run
     * that found nothing on 44,000 patients). A patient whose latest events the read model has
     * not yet shown is found by the next run.
     */
    async patientIdsLacking(typeIds: readonly string[]): Promise<string[]> {
      if (typeIds.length === 0) return [];
      const ids = await pool.anyFirst(sql.type(z.object({ id: PatientIdSchema }))`
        select p.id from patients p
        where (
          select count(distinct pp.procedure_type_id) from ${proceduresTable()} pp
          where pp.patient_id = p.id and pp.procedure_type_id = any(${sql.array(typeIds, 'text')})
        ) < ${new Set(typeIds).size}
        order by p.registered_at, p.id
      `);
      return [...ids];
    },
  };
}
export type PatientQueries = ReturnType<typeof createPatientQueries>;
