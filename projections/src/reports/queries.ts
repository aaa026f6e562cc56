import type { CommonQueryMethods, FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from '@bari/db';
import { sql } from '@bari/db';
import {
  municipalityByCode,
  municipalityLabel,
  progressPercentage,
  type CustomReportField,
  type CustomReportRow,
  type EstablishmentStatistic,
  type MunicipalityStatistic,
  type ReportDateRange,
} from '@bari/contracts';
import { proceduresTable } from '../patients/procedure-sources.ts';

/*
 * Reads for the reports. The statistics come from the counters the patients projection
 * keeps (`report_*`); overdue (pending before `today`, São Paulo) is summed here at read
 * time. The municipal report and the custom report read the patients read model.
 *
 * A municipality is its IBGE code: the name stored with a patient is the one the IBGE list
 * of the release that registered it gave, and a later list may rename the municipality
 * ('Parati' → 'Paraty'). So the reports group and filter by code and name each code as the
 * current list does; the stored spelling names only a code that list no longer knows.
 */

const CountsRowSchema = z.object({
  patients: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  overdue: z.number().int(),
});
const MunicipalityRowSchema = CountsRowSchema.extend({
  ibgeCode: z.string(),
  name: z.string(),
  uf: z.string(),
});
const EstablishmentRowSchema = CountsRowSchema.extend({ establishment: z.string() });

const NamedRowSchema = z.object({ ibgeCode: z.string(), name: z.string(), uf: z.string() });

interface MunicipalityName {
  readonly name: string;
  readonly uf: string;
}

/** The municipality of a code as the current IBGE list names it (undefined: not on the list). */
function listedName(ibgeCode: string): MunicipalityName | undefined {
  const listed = municipalityByCode(ibgeCode);
  return listed && { name: listed.name, uf: listed.uf };
}

/**
 * The current names of `codes`; a code the list does not know takes the counters' spelling
 * (the latest patient's), read in one query only when there is such a code (usually none).
 */
async function currentNames(
  db: CommonQueryMethods,
  codes: Iterable<string>,
): Promise<Map<string, MunicipalityName>> {
  const names = new Map<string, MunicipalityName>();
  const unlisted: string[] = [];
  for (const code of new Set(codes)) {
    const listed = listedName(code);
    if (listed) names.set(code, listed);
    else unlisted.push(code);
  }
  if (unlisted.length > 0) {
    const stored = await db.any(sql.type(NamedRowSchema)`
      select ibge_code as "ibgeCode", name, uf from report_municipalities
      where ibge_code = any(${sql.array(unlisted, 'text')})
    `);
    for (const { ibgeCode, name, uf } of stored) names.set(ibgeCode, { name, uf });
  }
  return names;
}

/** PostgreSQL's `collate "pt-BR-x-icu"` order, for names that are only known once read. */
const ptBr = new Intl.Collator('pt-BR');

/** Municipalities by name (pt-BR), then UF, then code (two unlisted codes spelt alike). */
function byMunicipalityName(
  a: MunicipalityName & { readonly ibgeCode: string },
  b: MunicipalityName & { readonly ibgeCode: string },
): number {
  return (
    ptBr.compare(a.name, b.name) ||
    (a.uf < b.uf ? -1 : a.uf > b.uf ? 1 : 0) ||
    (a.ibgeCode < b.ibgeCode ? -1 : a.ibgeCode > b.ibgeCode ? 1 : 0)
  );
}

function counts(row: z.infer<typeof CountsRowSchema>) {
  return {
    totalPatients: row.patients,
    completedProcedures: row.completed,
    pendingProcedures: row.pending,
    overdueProcedures: row.overdue,
    completionRate: progressPercentage(row.completed, row.completed + row.pending),
  };
}

/** One patient line of the municipal report: counts in the range, progress overall. */
export const MunicipalReportPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  cpf: z.string(),
  ibgeCode: z.string(),
  municipalityName: z.string(),
  uf: z.string(),
  totalProcedures: z.number().int(),
  allCompletedProcedures: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  overdue: z.number().int(),
});
export type MunicipalReportPatient = z.infer<typeof MunicipalReportPatientSchema>;

/** The patient admitted within the range. */
function admittedIn(range: ReportDateRange): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [];
  if (range.startDate) conditions.push(sql.fragment`p.admission_date >= ${range.startDate}::date`);
  if (range.endDate) conditions.push(sql.fragment`p.admission_date <= ${range.endDate}::date`);
  return sql.fragment`(${sql.join(conditions, sql.fragment` and `)})`;
}

/** The date a procedure counts on in a range: completed date, else scheduled date. */
function inRange(range: ReportDateRange): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [];
  const day = sql.fragment`(case when pp.status = 'completed' then pp.completed_date else pp.scheduled_date end)`;
  if (range.startDate) conditions.push(sql.fragment`${day} >= ${range.startDate}::date`);
  if (range.endDate) conditions.push(sql.fragment`${day} <= ${range.endDate}::date`);
  return conditions.length === 0
    ? sql.fragment`true`
    : sql.fragment`${sql.join(conditions, sql.fragment` and `)}`;
}

/** Column of each custom-report field; the municipality's three become its label in TypeScript. */
const CUSTOM_COLUMNS: Readonly<Record<Exclude<CustomReportField, 'municipality'>, FragmentSqlToken>> = {
  name: sql.fragment`name`,
  cpf: sql.fragment`cpf`,
  cns: sql.fragment`cns`,
  admissionDate: sql.fragment`to_char(admission_date, 'YYYY-MM-DD')`,
  dischargeDate: sql.fragment`to_char(discharge_date, 'YYYY-MM-DD')`,
  surgeryLocation: sql.fragment`surgery_location`,
  surgeonName: sql.fragment`surgeon_name`,
  aihNumber: sql.fragment`aih_number`,
  sisregCode: sql.fragment`sisreg_code`,
};

/** Combining marks, which NFD splits from the letters they accent. */
const COMBINING_MARKS = '[\u0300-\u036f]';

/**
 * What JavaScript's `\s` matches (`foldText` collapses it): PostgreSQL's `[[:space:]]` in a C
 * locale leaves out the no-break spaces text pasted from documents brings.
 */
const WHITESPACE = '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+';

/** `foldText` (contracts) in SQL: accents and case aside, runs of whitespace as one space, trimmed. */
const foldedSql = (text: FragmentSqlToken): FragmentSqlToken =>
  sql.fragment`btrim(lower(regexp_replace(regexp_replace(normalize(${text}, NFD), ${COMBINING_MARKS}, '', 'g'), ${WHITESPACE}, ' ', 'g')))`;

const AnyRowSchema = z.record(z.string().nullable());

export function createReportQueries(pool: DatabasePool) {
  return {
    /**
     * `GET /api/reports/municipality`: every municipality with patients, by its current name
     * (pt-BR). The counters are kept per code; their spelling is the latest patient's, which
     * names only a code the current list does not know.
     */
    async municipalities(today: string): Promise<MunicipalityStatistic[]> {
      const rows = await pool.any(sql.type(MunicipalityRowSchema)`
        select m.ibge_code as "ibgeCode", m.name, m.uf, m.patients, m.completed_procedures as completed,
          m.pending_procedures as pending,
          coalesce((select sum(p.pending) from report_municipality_pending p
            where p.ibge_code = m.ibge_code and p.scheduled_date < ${today}::date), 0)::int as overdue
        from report_municipalities m where m.patients > 0
      `);
      return rows
        .map((row) => ({
          row,
          ibgeCode: row.ibgeCode,
          ...(listedName(row.ibgeCode) ?? { name: row.name, uf: row.uf }),
        }))
        .sort(byMunicipalityName)
        .map(({ row, name, uf }) => ({
          municipality: municipalityLabel({ name, uf }),
          ibgeCode: row.ibgeCode,
          uf,
          ...counts(row),
        }));
    },

    /**
     * `GET /api/reports/establishment`: every surgery location with patients, by name (pt-BR).
     * The location is typed by hand: spellings that differ only in case, accents or spaces
     * ('Hospital São Rafael', 'hospital sao  rafael') are one establishment, shown as most of
     * its patients spell it with capitals (all lower case is a hurried hand, not the name; on a
     * tie, the spelling with accents). The counters stay per spelling; the spellings meet here.
     */
    async establishments(today: string): Promise<EstablishmentStatistic[]> {
      const rows = await pool.any(sql.type(EstablishmentRowSchema)`
        with spelled as (
          select e.establishment, e.patients, e.completed_procedures, e.pending_procedures,
            coalesce((select sum(p.pending) from report_establishment_pending p
              where p.establishment = e.establishment and p.scheduled_date < ${today}::date), 0) as overdue,
            ${foldedSql(sql.fragment`e.establishment`)} as folded
          from report_establishments e where e.patients > 0
        )
        select * from (
          select (array_agg(establishment order by establishment <> lower(establishment) desc, patients desc,
                normalize(establishment, NFD) ~ ${COMBINING_MARKS} desc, establishment collate "pt-BR-x-icu"))[1]
              as establishment,
            sum(patients)::int as patients, sum(completed_procedures)::int as completed,
            sum(pending_procedures)::int as pending, sum(overdue)::int as overdue
          from spelled group by folded
        ) grouped
        order by establishment collate "pt-BR-x-icu"
      `);
      return rows.map((row) => ({ establishment: row.establishment, ...counts(row) }));
    },

    /**
     * The municipal report's lines: the patients of a municipality (or of all), grouped by
     * municipality (its code, under its current name) then name, with their procedures in the
     * range counted. With a range, only the patients it concerns: admitted in it, or with a
     * procedure in it (a patient admitted months later, with nothing in the period, is not one
     * of its patients). Each line carries its municipality's current name.
     */
    async municipalReport(
      ibgeCode: string | undefined,
      range: ReportDateRange,
      today: string,
    ): Promise<MunicipalReportPatient[]> {
      const conditions: FragmentSqlToken[] = [];
      if (ibgeCode) conditions.push(sql.fragment`p.municipality_ibge_code = ${ibgeCode}`);
      if (range.startDate || range.endDate) {
        conditions.push(sql.fragment`(c.completed + c.pending > 0 or ${admittedIn(range)})`);
      }
      const where =
        conditions.length === 0
          ? sql.fragment``
          : sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}`;
      const rows = await pool.any(sql.type(MunicipalReportPatientSchema)`
        select p.id, p.name, p.cpf, p.municipality_ibge_code as "ibgeCode",
          p.municipality_name as "municipalityName", p.municipality_uf as uf,
          p.total_procedures as "totalProcedures", p.completed_procedures as "allCompletedProcedures",
          c.completed, c.pending, c.overdue
        from patients p
        cross join lateral (
          select count(*) filter (where pp.status = 'completed')::int as completed,
            count(*) filter (where pp.status = 'pending')::int as pending,
            count(*) filter (where pp.status = 'pending' and pp.scheduled_date < ${today}::date)::int as overdue
          from ${proceduresTable()} pp where pp.patient_id = p.id and ${inRange(range)}
        ) c
        ${where}
        order by p.name collate "pt-BR-x-icu", p.id
      `);
      // Grouped here, by code: sorting by the stored name would part a renamed municipality's
      // patients (another municipality's may sort between 'Parati' and 'Paraty').
      const names = await currentNames(
        pool,
        rows.map((row) => row.ibgeCode),
      );
      const groups = new Map<string, MunicipalReportPatient[]>();
      for (const row of rows) {
        const { name, uf } = names.get(row.ibgeCode) ?? { name: row.municipalityName, uf: row.uf };
        const line =
          row.municipalityName === name && row.uf === uf ? row : { ...row, municipalityName: name, uf };
        const group = groups.get(row.ibgeCode);
        if (group) group.push(line);
        else groups.set(row.ibgeCode, [line]);
      }
      const ordered = [...groups.values()]
        .map((lines) => ({
          lines,
          ibgeCode: lines[0]!.ibgeCode,
          name: lines[0]!.municipalityName,
          uf: lines[0]!.uf,
        }))
        .sort(byMunicipalityName);
      const report: MunicipalReportPatient[] = [];
      for (const { lines } of ordered) for (const line of lines) report.push(line);
      return report;
    },

    /** The municipality of that code as the patients spell it, or null when no patient lives there. */
    async municipalityWithPatients(ibgeCode: string): Promise<{ name: string; uf: string } | null> {
      return pool.maybeOne(sql.type(z.object({ name: z.string(), uf: z.string() }))`
        select name, uf from report_municipalities where ibge_code = ${ibgeCode} and patients > 0
      `);
    },

    /**
     * `GET /api/reports/custom`: every patient (of the municipality, when given), by name,
     * with only the asked fields selected from the table (minimisation starts at the query).
     */
    async custom(
      fields: readonly CustomReportField[],
      ibgeCode: string | undefined,
    ): Promise<CustomReportRow[]> {
      const selected = fields.flatMap((field) =>
        field === 'municipality'
          ? [
              sql.fragment`municipality_ibge_code as "municipalityIbgeCode"`,
              sql.fragment`municipality_name as "municipalityName"`,
              sql.fragment`municipality_uf as "municipalityUf"`,
            ]
          : [sql.fragment`${CUSTOM_COLUMNS[field]} as ${sql.identifier([field])}`],
      );
      const where = ibgeCode ? sql.fragment`where municipality_ibge_code = ${ibgeCode}` : sql.fragment``;
      const rows = await pool.any(sql.type(AnyRowSchema)`
        select ${sql.join(selected, sql.fragment`, `)} from patients ${where}
        order by name collate "pt-BR-x-icu", id
      `);
      // The municipality by its code, under its current name: one label per code, not per row.
      const labels = new Map<string, string>();
      if (fields.includes('municipality')) {
        const names = await currentNames(
          pool,
          rows.map((row) => row.municipalityIbgeCode ?? ''),
        );
        for (const row of rows) {
          const code = row.municipalityIbgeCode ?? '';
          if (labels.has(code)) continue;
          const stored = { name: row.municipalityName ?? '', uf: row.municipalityUf ?? '' };
          labels.set(code, municipalityLabel(names.get(code) ?? stored));
        }
      }
      return rows.map((row) => {
        const out: Record<string, string | null> = {};
        for (const field of fields) {
          out[field] =
            field === 'municipality'
              ? (labels.get(row.municipalityIbgeCode ?? '') ?? null)
              : (row[field] ?? null);
        }
        return out as CustomReportRow;
      });
    },
  };
}
export type ReportQueries = ReturnType<typeof createReportQueries>;
