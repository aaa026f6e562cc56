import type { CommonQueryMethods, DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { REBUILD_SUFFIX } from './projection.ts';
import { sql } from '@bari/db';

/**
 * DDL for rebuilding into fresh tables and swapping them in. Table names come from the
 * projection's declaration (validated identifiers) and go through `sql.identifier`.
 */

export const rebuildTable = (table: string): string => `${table}${REBUILD_SUFFIX}`;

const id = (name: string) => sql.identifier([name]);
const list = (names: readonly string[]) =>
  sql.join(
    names.map((name) => id(name)),
    sql.fragment`, `,
  );

/** Drops what a killed or failed rebuild left behind. */
export async function dropRebuildTables(db: CommonQueryMethods, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await db.query(sql.typeAlias('void')`drop table if exists ${list(tables.map(rebuildTable))}`);
}

/** An index of a live table to recreate on its rebuild copy, as PostgreSQL describes it. */
export interface IndexToCopy {
  readonly table: string;
  /** `pg_get_indexdef` of the live index. */
  readonly definition: string;
}

const LiveIndexSchema = z.object({
  name: z.string(),
  definition: z.string(),
  isUnique: z.boolean(),
  constraint: z.string().nullable(),
});

/**
 * Creates each `<table>__rebuild` empty, with the live table's columns, defaults, checks and
 * identity columns, its primary key and unique constraints and indexes, and the indexes
 * `keep` names (those the projection reads through while loading). Returns the other
 * indexes, to build once the copy is loaded: one sort per index instead of one insertion
 * per row and index.
 */
export async function createRebuildTables(
  db: CommonQueryMethods,
  tables: readonly string[],
  keep: readonly string[] = [],
): Promise<IndexToCopy[]> {
  await assertNoSerialColumns(db, tables);
  const deferred: IndexToCopy[] = [];
  const unseen = new Set(keep);
  for (const table of tables) {
    const copy = rebuildTable(table);
    await db.query(sql.typeAlias('void')`
      create table ${id(copy)} (like ${id(table)} including all excluding indexes)
    `);
    await copyStatisticsTargets(db, table, copy);
    await copyStorageParameters(db, table, copy);
    await copyPrivileges(db, table, copy);
    const live = await db.any(sql.type(LiveIndexSchema)`
      select i.relname as name, pg_get_indexdef(i.oid) as definition, x.indisunique as "isUnique",
        pg_get_constraintdef(c.oid) as constraint
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid
      where x.indrelid = ${table}::regclass
      order by i.relname
    `);
    for (const index of live) {
      unseen.delete(index.name);
      if (index.constraint !== null) {
        // Unnamed: PostgreSQL names it after the copy; the swap gives it the live name back.
        await db.query(sql.typeAlias('void')`alter table ${id(copy)} add ${rawDdl(index.constraint)}`);
      } else if (index.isUnique || keep.includes(index.name)) {
        await createIndexLike(db, { table, definition: index.definition });
      } else {
        deferred.push({ table, definition: index.definition });
      }
    }
  }
  // A misspelt name would silently defer the index: refuse it before anything is loaded.
  if (unseen.size > 0) throw new Error(`No index named ${[...unseen].join(', ')} on ${tables.join(', ')}`);
  return deferred;
}

const StatisticsTargetSchema = z.object({ column: z.string(), target: z.number().int() });

/** Per-column statistics targets, which `like … including all` does not copy. */
async function copyStatisticsTargets(db: CommonQueryMethods, table: string, copy: string): Promise<void> {
  const targets = await db.any(sql.type(StatisticsTargetSchema)`
    select attname as column, attstattarget::int as target from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attstattarget is not null
  `);
  for (const { column, target } of targets) {
    await db.query(sql.typeAlias('void')`
      alter table ${id(copy)} alter column ${id(column)} set statistics ${rawDdl(String(target))}
    `);
  }
}

const StorageParametersSchema = z.object({ parameters: z.array(z.string()).nullable() });

/**
 * The table's storage parameters (`with (toast_tuple_target = …)`), which `like` does not copy.
 * Each is `name=value` as PostgreSQL validated it when the migration set it.
 */
async function copyStorageParameters(db: CommonQueryMethods, table: string, copy: string): Promise<void> {
  const { parameters } = await db.one(sql.type(StorageParametersSchema)`
    select reloptions as parameters from pg_class where oid = ${table}::regclass
  `);
  if (!parameters || parameters.length === 0) return;
  await db.query(sql.typeAlias('void')`alter table ${id(copy)} set (${rawDdl(parameters.join(', '))})`);
}

const StatementSchema = z.object({ statement: z.string() });

/**
 * The live table's grants, instead of the default privileges the owner's `create table` gave
 * the copy (the app's role may update and delete an append-only copy): the copy is swapped in
 * as narrow as the table it replaces, so a rebuild stopped between its swap and its re-grant
 * leaves the audit log no more writable than before.
 */
async function copyPrivileges(db: CommonQueryMethods, table: string, copy: string): Promise<void> {
  const statements = await db.any(sql.type(StatementSchema)`
    with grantee as (
      select a.grantee, a.privilege_type, a.is_grantable, c.oid = ${copy}::regclass as on_copy,
        case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as name
      from pg_class c, aclexplode(c.relacl) a
      where c.oid in (${table}::regclass, ${copy}::regclass) and a.grantee <> c.relowner
    )
    select statement from (
      select distinct 0 as step, format('revoke all on table %I from %s', ${copy}::text, name) as statement
        from grantee where on_copy
      union all
      select 1, format('grant %s on table %I to %s%s', privilege_type, ${copy}::text, name,
          case when is_grantable then ' with grant option' else '' end)
        from grantee where not on_copy
    ) s order by step
  `);
  for (const { statement } of statements) await db.query(sql.typeAlias('void')`${rawDdl(statement)}`);
}

/**
 * Builds on the copy the index `index` describes on the live table, under `name` or unnamed
 * (PostgreSQL picks a free name; the swap renames indexes by shape either way).
 */
export async function createIndexLike(
  db: CommonQueryMethods,
  index: IndexToCopy,
  name?: string,
): Promise<void> {
  const match = /^CREATE (UNIQUE )?INDEX (?:"(?:[^"]|"")+"|\S+) ON (?:ONLY )?\S+ (.*)$/s.exec(
    index.definition,
  );
  if (!match) throw new Error(`Unexpected index definition: ${index.definition}`);
  // Unnamed, PostgreSQL picks a free name; two builds of one table at once may pick the same.
  await db.query(sql.typeAlias('void')`
    create ${rawDdl(match[1] ?? '')} index ${name ? id(name) : sql.fragment``} on ${id(rebuildTable(index.table))} ${rawDdl(match[2]!)}
  `);
}

/**
 * DDL text PostgreSQL itself produced (`pg_get_indexdef`, `pg_get_constraintdef`) of a table
 * our migrations created, spliced into the statement that copies it. Never user input.
 */
function rawDdl(text: string) {
  const strings = Object.assign([text], { raw: Object.freeze([text]) });
  return sql.fragment(strings);
}

/** Merges the pending lists of the GIN indexes the copies have (those kept up during the load). */
export async function cleanGinPendingLists(db: CommonQueryMethods, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await db.query(sql.type(z.object({ merged: z.number() }))`
    select gin_clean_pending_list(x.indexrelid)::int as merged
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_am am on am.oid = i.relam
    where am.amname = 'gin'
      and x.indrelid = any(${sql.array(tables.map(rebuildTable), 'text')}::regclass[])
  `);
}

/** Statistics for the planner before the loaded copies go live. */
export async function analyzeRebuildTables(db: CommonQueryMethods, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await db.query(sql.typeAlias('void')`analyze ${list(tables.map(rebuildTable))}`);
}

const OwnedSequenceSchema = z.object({ column: z.string(), sequence: z.string(), kind: z.string() });

/**
 * `like ... including defaults` would point a `serial` column of the copy at the live
 * table's sequence, which the swap drops: refuse it up front rather than fail at the swap.
 */
async function assertNoSerialColumns(db: CommonQueryMethods, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const serial = (await ownedSequences(db, table)).filter((row) => row.kind === 'a');
    if (serial.length > 0) {
      throw new Error(
        `Table ${table} uses serial columns (${serial.map((row) => row.column).join(', ')}); ` +
          'read-model tables must use identity columns to be rebuilt',
      );
    }
  }
}

/** Sequences owned by the table's columns: `i` for identity columns, `a` for serial ones. */
function ownedSequences(db: CommonQueryMethods, table: string) {
  return db.any(sql.type(OwnedSequenceSchema)`
    select a.attname as column, s.relname as sequence, d.deptype::text as kind
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where d.classid = 'pg_class'::regclass and d.refobjid = ${table}::regclass and d.deptype in ('a', 'i')
  `);
}

const IndexSchema = z.object({ name: z.string(), definition: z.string() });
const ConstraintSchema = z.object({ name: z.string() });

/** A rename to perform once the live tables are gone and their names are free. */
interface Rename {
  readonly kind: 'index' | 'sequence' | 'constraint';
  readonly table: string;
  readonly from: string;
  readonly to: string;
}

/**
 * Replaces the live tables by their rebuilt copies: drops the live ones, renames the copies,
 * and gives their indexes, constraints and identity sequences the names the live ones had
 * (matched by definition; `like` names them after the copy). Run inside the swap transaction.
 */
export async function swapInRebuildTables(
  tx: DatabaseTransactionConnection,
  tables: readonly string[],
): Promise<void> {
  if (tables.length === 0) return;
  const renames: Rename[] = [];
  for (const table of tables) renames.push(...(await plannedRenames(tx, table)));
  await tx.query(sql.typeAlias('void')`drop table ${list(tables)}`);
  for (const table of tables) {
    await tx.query(sql.typeAlias('void')`alter table ${id(rebuildTable(table))} rename to ${id(table)}`);
  }
  for (const rename of renames) {
    if (rename.from === rename.to) continue;
    if (rename.kind === 'index') {
      // Renaming a primary-key or unique index renames its constraint too.
      await tx.query(sql.typeAlias('void')`alter index ${id(rename.from)} rename to ${id(rename.to)}`);
    } else if (rename.kind === 'sequence') {
      await tx.query(sql.typeAlias('void')`alter sequence ${id(rename.from)} rename to ${id(rename.to)}`);
    } else {
      await tx.query(
        sql.typeAlias(
          'void',
        )`alter table ${id(rename.table)} rename constraint ${id(rename.from)} to ${id(rename.to)}`,
      );
    }
  }
}

async function plannedRenames(db: CommonQueryMethods, table: string): Promise<Rename[]> {
  const copy = rebuildTable(table);
  const fallback = (name: string): string => (name.startsWith(copy) ? table + name.slice(copy.length) : name);
  const renames: Rename[] = [];

  const liveIndexes = await indexes(db, table);
  for (const index of await indexes(db, copy)) {
    const match = liveIndexes.findIndex((live) => live.shape === index.shape);
    const to = match >= 0 ? liveIndexes.splice(match, 1)[0]!.name : fallback(index.name);
    renames.push({ kind: 'index', table, from: index.name, to });
  }

  const liveSequences = await ownedSequences(db, table);
  for (const sequence of await ownedSequences(db, copy)) {
    const live = liveSequences.find((row) => row.column === sequence.column);
    renames.push({
      kind: 'sequence',
      table,
      from: sequence.sequence,
      to: live?.sequence ?? fallback(sequence.sequence),
    });
  }

  // Check (and, from PostgreSQL 18, not-null) constraints named after the copy.
  const constraints = await db.any(sql.type(ConstraintSchema)`
    select conname as name from pg_constraint
    where conrelid = ${copy}::regclass and conindid = 0 and starts_with(conname, ${copy})
  `);
  for (const constraint of constraints) {
    renames.push({ kind: 'constraint', table, from: constraint.name, to: fallback(constraint.name) });
  }
  return renames;
}

/** An index's definition without its own name and its table's, to pair a copy's with the live one's. */
async function indexes(db: CommonQueryMethods, table: string): Promise<{ name: string; shape: string }[]> {
  const rows = await db.any(sql.type(IndexSchema)`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass
    order by i.relname
  `);
  return rows.map((row) => ({
    name: row.name,
    shape: row.definition.replace(/^CREATE (UNIQUE )?INDEX (?:"(?:[^"]|"")+"|\S+) ON (?:ONLY )?\S+ /, '$1'),
  }));
}
