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
import { selectList } from '../shared/columns.ts';
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
const columns = selectList(AUDIT_LOG_COLUMNS, ['searchTerms']);

/** `text` as a LIKE pattern matching it anywhere: `%`, `_` and `\\` in it are plain characters. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Each action with its label folded, as a search compares them. */
const FOLDED_ACTION_LABELS = AUDIT_ACTIONS.map((action) => ({
  action,
  label: foldText(AUDIT_ACTION_LABELS[action]),
}));

const UserFacetSchema = z.object({ value: z.string(), label: z.string().nullable() });

/**
 * A text search over the names a row shows (entity, a procedure's patient, a looked-up text),
 * the user's email and the action's label (accents and case aside). The names are found in
 * `audit_search_terms` through its trigram index, and the rows through the b-trees of the
 * terms they list; the rows written before migration 003 through their own search text. The
 * emails and labels are a handful of values, matched here against the user facets and the label
 * catalogue, and the rows found by user id or action.
 */
async function searchCondition(pool: DatabasePool, search: string): Promise<FragmentSqlToken> {
  const folded = foldText(search);
  const pattern = containing(folded);
  const [users, terms] = await Promise.all([
    pool.any(sql.type(UserFacetSchema)`select value, label from audit_facets where kind = 'user'`),
    // One array, not a row per name: a common surname is in hundreds of names.
    pool.oneFirst(sql.type(z.object({ terms: z.array(z.string()) }))`
      select coalesce(array_agg(term), '{}') as terms from audit_search_terms where term like ${pattern}
    `),
  ]);
  const userIds = users
    .filter((user) => user.label !== null && foldText(user.label).includes(folded))
    .map((user) => user.value);
  const actions = FOLDED_ACTION_LABELS.filter(({ label }) => label.includes(folded)).map(
    ({ action }) => action,
  );
  const conditions = [sql.fragment`search like ${pattern}`];
  if (terms.length > 0) {
    // A row lists at most three terms (a check constraint), each position under a b-tree.
    const names = sql.array(terms, 'text');
    conditions.push(
      sql.fragment`search_terms[1] = any(${names})`,
      sql.fragment`search_terms[2] = any(${names})`,
      sql.fragment`search_terms[3] = any(${names})`,
    );
  }
  if (userIds.length > 0) conditions.push(sql.fragment`user_id = any(${sql.array(userIds, 'text')})`);
  if (actions.length > 0) conditions.push(sql.fragment`action = any(${sql.array(actions, 'text')})`);
  return sql.fragment`(${sql.join(conditions, sql.fragment` or `)})`;
}

async function conditionsOf(pool: DatabasePool, query: AuditLogQuery): Promise<FragmentSqlToken[]> {
  const conditions: FragmentSqlToken[] = [];
  if (query.search) conditions.push(await searchCondition(pool, query.search));
  if (query.action) conditions.push(sql.fragment`action = ${query.action}`);
  if (query.entityType) conditions.push(sql.fragment`entity_type = ${query.entityType}`);
  if (query.userId) conditions.push(sql.fragment`user_id = ${query.userId}`);
  if (query.from) conditions.push(sql.fragment`occurred_at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(sql.fragment`occurred_at <= ${query.to}::timestamptz`);
  return conditions;
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
export function createAuditQueries(pool: DatabasePool, searchCountCap = SEARCH_COUNT_CAP) {
  return {
    /** `GET /api/audit-logs`: newest first, filtered, one page, with the total. */
    async list(query: AuditLogQuery): Promise<AuditLogPage> {
      const conditions = await conditionsOf(pool, query);
      const where =
        conditions.length === 0
          ? sql.fragment``
          : sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}`;
      const counted = query.search
        ? sql.fragment`(select 1 from audit_log ${where} limit ${searchCountCap + 1}) as matches`
        : sql.fragment`audit_log ${where}`;
      const count = sql.type(z.object({ total: z.number().int() }))`
        select count(*)::int as total from ${counted}
      `;
      const counts = query.search
        ? await pool.transaction(async (tx) => {
            // The cap's LIMIT makes a scan of the log look cheap to the planner, which then
            // reads rows until it has found enough: 17.6 ms for "silva" (809 names, 4 % of the
            // rows), against 6.2 ms through the indexes of the names, the planner's second choice.
            await tx.query(sql.typeAlias('void')`set local enable_seqscan = off`);
            return tx.oneFirst(count);
          })
        : await pool.oneFirst(count);
      const totalCapped = Boolean(query.search) && counts > searchCountCap;
      const total = totalCapped ? searchCountCap : counts;
      const rows = await pool.any(sql.type(AuditLogRowSchema)`
        select ${columns} from audit_log ${where}
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
