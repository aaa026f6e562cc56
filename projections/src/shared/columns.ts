import type { CommonQueryMethods, FragmentSqlToken, IdentifierSqlToken, ListSqlToken } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';

/*
 * One column map per read-model table: each field's column and SQL type, written once. The
 * select lists, the multi-row upserts and the records they send are all derived from it, so
 * adding a field to a table is one line here (plus its migration).
 */

const SQL_TYPES = {
  uuid: sql.fragment`uuid`,
  text: sql.fragment`text`,
  integer: sql.fragment`integer`,
  bigint: sql.fragment`bigint`,
  boolean: sql.fragment`boolean`,
  date: sql.fragment`date`,
  timestamptz: sql.fragment`timestamptz`,
  jsonb: sql.fragment`jsonb`,
} as const;
export type SqlType = keyof typeof SQL_TYPES;

export interface Column {
  readonly column: string;
  readonly type: SqlType;
}

/** Field name (as the row objects and the selected aliases spell it) → column. */
export type ColumnMap<Field extends string = string> = Readonly<Record<Field, Column>>;

export type RowOf<Map extends ColumnMap> = { readonly [Field in keyof Map]: unknown };

const identifier = (name: string): IdentifierSqlToken => sql.identifier([name]);
const comma = sql.fragment`, `;
const fieldsOf = <Map extends ColumnMap>(map: Map) => Object.keys(map) as (keyof Map & string)[];
/** The column of a field the map declares (the field list comes from the map itself). */
const columnOf = <Map extends ColumnMap>(map: Map, field: keyof Map & string): Column => map[field]!;

/** `column as "field", …` for the fields of the map (all, or all but `omit`). */
export function selectList<Map extends ColumnMap>(map: Map, omit: readonly (keyof Map)[] = []): ListSqlToken {
  return sql.join(
    fieldsOf(map)
      .filter((field) => !omit.includes(field))
      .map((field) => sql.fragment`${identifier(columnOf(map, field).column)} as ${identifier(field)}`),
    comma,
  );
}

/**
 * Inserts `rows` into `table` in one statement, each row replacing the one with the same
 * `key` when there is one. Rows travel as one jsonb array and are inserted in their order
 * (an identity column then numbers them in that order).
 */
export async function upsertRows<Map extends ColumnMap>(
  db: CommonQueryMethods,
  table: IdentifierSqlToken,
  map: Map,
  key: keyof Map & string,
  rows: readonly RowOf<Map>[],
): Promise<void> {
  if (rows.length === 0) return;
  const fields = fieldsOf(map);
  const records = rows.map((row, ordinal) => {
    const record: Record<string, unknown> = { ordinal };
    for (const field of fields) record[columnOf(map, field).column] = row[field] ?? null;
    return record;
  });
  const columns = sql.join(
    fields.map((field) => identifier(columnOf(map, field).column)),
    comma,
  );
  const definition = sql.join(
    fields.map(
      (field) =>
        sql.fragment`${identifier(columnOf(map, field).column)} ${SQL_TYPES[columnOf(map, field).type]}`,
    ),
    comma,
  );
  const updates = fields
    .filter((field) => field !== key)
    .map(
      (field) =>
        sql.fragment`${identifier(columnOf(map, field).column)} = excluded.${identifier(columnOf(map, field).column)}`,
    );
  // Plain JSON text (slonik's sql.jsonb sorts every object's keys first, which costs more
  // than the insert for thousands of rows), read as `json`, not `jsonb`: PostgreSQL then
  // skips building a jsonb value it would take apart at once (2.6× faster for 10,000
  // procedure rows here; jsonb columns are still converted from their element).
  await db.query(sql.typeAlias('void')`
    insert into ${table} (${columns})
    select ${columns}
    from json_to_recordset(${JSON.stringify(records)}::json) as r(ordinal integer, ${definition})
    order by r.ordinal
    on conflict (${identifier(columnOf(map, key).column)})
      ${updates.length > 0 ? sql.fragment`do update set ${sql.join(updates, comma)}` : sql.fragment`do nothing`}
  `);
}

/** The element type of an array of keys of that column type. */
const ARRAY_TYPES: Readonly<Record<SqlType, string>> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'int4',
  bigint: 'int8',
  boolean: 'bool',
  date: 'date',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

type Key = string | number | boolean;

/** `column = any($keys)` for that column's type. */
function inKeys(column: Column, keys: readonly Key[]): FragmentSqlToken {
  return sql.fragment`${identifier(column.column)} = any(${sql.array(keys as string[], ARRAY_TYPES[column.type])})`;
}

/** Deletes the rows whose `column` is one of `keys`, in one statement. */
export async function deleteWhereIn(
  db: CommonQueryMethods,
  table: IdentifierSqlToken,
  column: Column,
  keys: readonly Key[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(sql.typeAlias('void')`delete from ${table} where ${inKeys(column, keys)}`);
}

const AnyRowSchema = z.record(z.unknown());

/**
 * The rows whose `column` is one of `keys`, in one query, as `upsertRows` takes them back:
 * timestamps as ISO instants (slonik reads them as epoch milliseconds).
 */
export async function loadRows<Map extends ColumnMap, Row extends RowOf<Map>>(
  db: CommonQueryMethods,
  table: IdentifierSqlToken,
  map: Map,
  column: Column,
  keys: readonly Key[],
  order: FragmentSqlToken = sql.fragment``,
): Promise<Row[]> {
  if (keys.length === 0) return [];
  const instants = fieldsOf(map).filter((field) => columnOf(map, field).type === 'timestamptz');
  const rows = await db.any(sql.type(AnyRowSchema)`
    select ${selectList(map)} from ${table} where ${inKeys(column, keys)} ${order}
  `);
  return rows.map((row) => {
    for (const field of instants) {
      const value = row[field];
      if (typeof value === 'number') row[field] = new Date(value).toISOString();
    }
    return row as Row;
  });
}
