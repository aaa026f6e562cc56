import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from '@bari/db';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_TYPES,
  AuditActionSchema,
  AuditDetailsSchema,
  AuditEntityTypeSchema,
  foldText,
  type AuditFacetsDto,
  type AuditLogEntryDto,
  type AuditLogQuery,
} from '@bari/contracts';
import { sql } from '@bari/db';
import { selectList, textArrayBinary } from '../shared/columns.ts';
import { AUDIT_LOG_COLUMNS } from './columns.ts';

const AuditLogRowSchema = z
  .object({
    eventId: z.string(),
    // timestamptz arrives as epoch milliseconds (slonik's parser)
    occurredAt: z.number(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    action: AuditActionSchema,
    entityType: AuditEntityTypeSchema,
    entityId: z.string().nullable(),
    entityName: z.string().nullable(),
    ipAddress: z.string().nullable(),
    details: AuditDetailsSchema.nullable(),
  })
  .transform(({ eventId, occurredAt, ...row }): AuditLogEntryDto => ({
    id: eventId,
    timestamp: new Date(occurredAt).toISOString(),
    ...row,
  }));
// A row written before migration 006 has its details in the `jsonb` column.
const columns = sql.join(
  [
    selectList(AUDIT_LOG_COLUMNS, ['searchTerms', 'details']),
    sql.fragment`coalesce(details_json, details::json) as details`,
  ],
  sql.fragment`, `,
);

/** `text` as a LIKE pattern matching it anywhere: `%`, `_` and `\\` in it are plain characters. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Each action with its label folded, as a search compares them. */
const FOLDED_ACTION_LABELS = AUDIT_ACTIONS.map((action) => ({
  action,
  label: foldText(AUDIT_ACTION_LABELS[action]),
}));

const UserFacetSchema = z.object({ value: z.string(), label: z.string().nullable() });

/**
 * One way a row matches a text search. A row lists terms only if it was written after
 * migration 003, and has a search text only if before: those two kinds never match one row.
 */
interface Branch {
  readonly condition: FragmentSqlToken;
  /**
   * The same test, checked on a row already found: a row's term is one of the matched names
   * exactly when it contains the text (every term of a row is in `audit_search_terms`), so a
   * `like` on it replaces the names, which would otherwise be sent and planned once more for
   * each later branch.
   */
  readonly recheck: FragmentSqlToken;
  readonly kind: 'terms' | 'legacy' | 'other';
}
const disjoint = (a: Branch, b: Branch): boolean =>
  (a.kind === 'terms' && b.kind === 'legacy') || (a.kind === 'legacy' && b.kind === 'terms');

/** A text search: conditions of which a matching row meets at least one. */
interface TextSearch {
  /** `with …` the branches read (empty, or the names matched, once per statement). */
  readonly prefix: FragmentSqlToken;
  readonly branches: readonly Branch[];
  /** More names than `CONSTANT_NAMES_MAX`: matches are everywhere in the log. */
  readonly broad: boolean;
}

/**
 * Names past which a search's are kept in the statement instead of sent as constants: their
 * estimates cost more to plan than the plan saves (a one-letter search matched all 25,000
 * names of a 20,000-patient log, 280 ms as constants against 16 ms), and that many names
 * match so many rows that reading the log newest first, the planner's choice without an
 * estimate, is the right plan.
 */
export const CONSTANT_NAMES_MAX = 1_000;

/**
 * A text search over the names a row shows (entity, a procedure's patient, a looked-up text),
 * the user's email and the action's label (accents and case aside). The names are found in
 * `audit_search_terms` through its trigram index, and the rows by each position of the terms
 * they list (a row has at most three, each under a b-tree); the rows written before migration
 * 003 through their own search text. The emails and labels are a handful of values, matched
 * here against the user facets and the label catalogue, and the rows found by user id or
 * action.
 *
 * Up to `CONSTANT_NAMES_MAX`, the names travel as constant arrays: PostgreSQL then estimates
 * how many rows they match (a rare name is looked up in the b-trees, a common one found by
 * reading the log newest first) and checks a row against a hash of them. Kept in the statement
 * instead, the planner cannot estimate them and read the whole log for a name nobody has
 * (105 ms, against 1 ms).
 */
async function textSearch(pool: DatabasePool, search: string, constantNamesMax: number): Promise<TextSearch> {
  const folded = foldText(search);
  const pattern = containing(folded);
  const matching = sql.fragment`select term from audit_search_terms where term like ${pattern}`;
  const [users, names] = await Promise.all([
    pool.any(sql.type(UserFacetSchema)`select value, label from audit_facets where kind = 'user'`),
    // One row: the names themselves when few (null past the limit; a surname is in hundreds).
    pool.oneFirst(sql.type(z.object({ terms: z.array(z.string()).nullable() }))`
      select case when count(*) <= ${constantNamesMax} then coalesce(array_agg(term), '{}') end as terms
      from (${matching}) matched
    `),
  ]);
  const userIds = users
    .filter((user) => user.label !== null && foldText(user.label).includes(folded))
    .map((user) => user.value);
  const actions = FOLDED_ACTION_LABELS.filter(({ label }) => label.includes(folded)).map(
    ({ action }) => action,
  );
  const branches: Branch[] = [];
  // Each position of a row's terms, tested against the names (an index lookup per name), and
  // rechecked with `like` on the row itself.
  const positions = [
    sql.fragment`search_terms[1]`,
    sql.fragment`search_terms[2]`,
    sql.fragment`search_terms[3]`,
  ];
  const byPosition = (isMatched: (term: FragmentSqlToken) => FragmentSqlToken) => {
    for (const term of positions)
      branches.push({
        condition: isMatched(term),
        recheck: sql.fragment`${term} like ${pattern}`,
        kind: 'terms',
      });
  };
  let prefix = sql.fragment``;
  if (names !== null && names.length > 0) {
    // In the binary format: a common surname's hundreds of names are neither escaped by Node
    // nor parsed character by character by PostgreSQL.
    const constants = sql.fragment`${sql.binary(textArrayBinary(names))}::text[]`;
    byPosition((term) => sql.fragment`${term} = any(${constants})`);
  } else if (names === null) {
    prefix = sql.fragment`with matched as materialized (${matching})`;
    byPosition((term) => sql.fragment`${term} in (select term from matched)`);
  }
  const other = (condition: FragmentSqlToken) =>
    branches.push({ condition, recheck: condition, kind: 'other' });
  if (userIds.length > 0) other(sql.fragment`user_id = any(${sql.array(userIds, 'text')})`);
  if (actions.length > 0) other(sql.fragment`action = any(${sql.array(actions, 'text')})`);
  // Last: a pattern shorter than a trigram cannot use the old rows' index, and their branch of
  // a capped count then reads the whole log; after the others it runs only when they found
  // fewer rows than the cap, as the old single condition did.
  const legacy = sql.fragment`search like ${pattern}`;
  branches.push({ condition: legacy, recheck: legacy, kind: 'legacy' });
  return { prefix, branches, broad: names === null };
}

/** The filters other than the text search, each a condition every row shown meets. */
function filtersOf(query: AuditLogQuery): FragmentSqlToken[] {
  const conditions: FragmentSqlToken[] = [];
  if (query.action) conditions.push(sql.fragment`action = ${query.action}`);
  if (query.entityType) conditions.push(sql.fragment`entity_type = ${query.entityType}`);
  if (query.userId) conditions.push(sql.fragment`user_id = ${query.userId}`);
  if (query.from) conditions.push(sql.fragment`occurred_at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(sql.fragment`occurred_at <= ${query.to}::timestamptz`);
  return conditions;
}

const whereAll = (conditions: readonly FragmentSqlToken[]) =>
  conditions.length === 0 ? sql.fragment`` : sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}`;

/**
 * The rows a text search matches, counted up to `cap`, one branch at a time: each branch is
 * a lookup in its own index, and excludes the rows an earlier branch counted, so the
 * branches add up without counting a row twice and the count stops at the cap. As one `or`
 * under a LIMIT, the planner took a scan of the log for cheaper and read rows until it had
 * found enough: 17.6 ms for "silva" (809 names, 4 % of the rows), against 1.6 ms this way.
 */
function cappedSearchCount(
  filters: readonly FragmentSqlToken[],
  branches: readonly Branch[],
  cap: number,
): FragmentSqlToken {
  const selects = branches.map((branch, index) => {
    // `is not true`: a branch on a null (a row with no second name, a row with no search
    // text) is null, which must not exclude the row from the later branches.
    const earlier = branches
      .slice(0, index)
      .filter((previous) => !disjoint(previous, branch))
      .map((previous) => sql.fragment`(${previous.recheck}) is not true`);
    return sql.fragment`select 1 from audit_log ${whereAll([...filters, branch.condition, ...earlier])}`;
  });
  return sql.fragment`(${sql.join(selects, sql.fragment` union all `)} limit ${cap + 1}) as matches`;
}

export interface AuditLogPage {
  readonly rows: AuditLogEntryDto[];
  /** Entries matching the filters, all pages together (`X-Total-Count`); see `totalCapped`. */
  readonly total: number;
  /** A text search matched more than `searchCountCap` entries: `total` is that cap, a lower bound. */
  readonly totalCapped: boolean;
}

/**
 * How many matches of a text search are counted. Counting every entry that mentions "silva"
 * in a state-wide log rechecks tens of thousands of rows (≈ 100 ms each time, seconds under
 * load) for a number nobody pages through: beyond it the screen says "mais de 1.000".
 */
export const SEARCH_COUNT_CAP = 1_000;

const byCatalogueOrder = <Value extends string>(catalogue: readonly Value[], present: readonly string[]) =>
  catalogue.filter((value) => present.includes(value));

/** Reads of the audit log. */
export function createAuditQueries(
  pool: DatabasePool,
  searchCountCap = SEARCH_COUNT_CAP,
  constantNamesMax = CONSTANT_NAMES_MAX,
) {
  return {
    /** `GET /api/audit-logs`: newest first, filtered, one page, with the total. */
    async list(query: AuditLogQuery): Promise<AuditLogPage> {
      const filters = filtersOf(query);
      const search = query.search ? await textSearch(pool, query.search, constantNamesMax) : undefined;
      const prefix = search?.prefix ?? sql.fragment``;
      const matchesSearch = search
        ? [
            sql.fragment`(${sql.join(
              search.branches.map((branch) => branch.condition),
              sql.fragment` or `,
            )})`,
          ]
        : [];
      const where = whereAll([...filters, ...matchesSearch]);
      // A broad search's matches are dense: the log read newest first has its cap at once.
      const counted = !search
        ? sql.fragment`audit_log ${where}`
        : search.broad
          ? sql.fragment`(select 1 from audit_log ${where} limit ${searchCountCap + 1}) as matches`
          : cappedSearchCount(filters, search.branches, searchCountCap);
      const counts = await pool.oneFirst(sql.type(z.object({ total: z.number().int() }))`
        ${prefix} select count(*)::int as total from ${counted}
      `);
      const totalCapped = Boolean(query.search) && counts > searchCountCap;
      const total = totalCapped ? searchCountCap : counts;
      const rows = await pool.any(sql.type(AuditLogRowSchema)`
        ${prefix} select ${columns} from audit_log ${where}
        order by seq desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      `);
      return { rows: [...rows], total, totalCapped };
    },

    /** `GET /api/audit-logs/facets`: the actions, entity types and users present in the log. */
    async facets(): Promise<AuditFacetsDto> {
      const facets = await pool.any(
        sql.type(z.object({ kind: z.string(), value: z.string(), label: z.string().nullable() }))`
          select kind, value, label from audit_facets order by kind, label, value
        `,
      );
      const of = (kind: string) => facets.filter((facet) => facet.kind === kind);
      return {
        actions: byCatalogueOrder(
          AUDIT_ACTIONS,
          of('action').map((facet) => facet.value),
        ),
        entityTypes: byCatalogueOrder(
          AUDIT_ENTITY_TYPES,
          of('entity_type').map((facet) => facet.value),
        ),
        users: of('user').map((facet) => ({ id: facet.value, email: facet.label ?? facet.value })),
      };
    },
  };
}
export type AuditQueries = ReturnType<typeof createAuditQueries>;
