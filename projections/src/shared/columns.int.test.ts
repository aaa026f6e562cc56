import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';
import {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from '../../test/support/test-database.ts';
import {
  insertRows,
  insertStatement,
  loadRows,
  textArrayBinary,
  upsertRows,
  upsertStatement,
  writeTogether,
  writeBatchRows,
  type ColumnMap,
} from './columns.ts';

const COLUMNS = {
  id: { column: 'id', type: 'uuid' },
  label: { column: 'label', type: 'text' },
  count: { column: 'count', type: 'integer' },
  total: { column: 'total', type: 'bigint' },
  flag: { column: 'flag', type: 'boolean' },
  day: { column: 'day', type: 'date' },
  at: { column: 'at', type: 'timestamptz' },
  details: { column: 'details', type: 'jsonb' },
  state: { column: 'state', type: 'jsonText' },
} as const satisfies ColumnMap;

type Row = { -readonly [Field in keyof typeof COLUMNS]: unknown };

/** Text a literal could get wrong: quotes, backslashes, separators, braces, the word NULL. */
const HOSTILE = [
  '',
  'NULL',
  'null',
  '"',
  '\\',
  '\\"',
  'a,b',
  '{x}',
  ' espaço ',
  'ção\nlinha\ttab',
  '😀',
  "O'Brien",
];

let database: ProjectionTestDatabase;
const table = sql.identifier(['columns_round_trip']);

beforeAll(async () => {
  database = await createProjectionTestDatabase();
  await database.pool.query(sql.typeAlias('void')`
    create table ${table} (seq integer generated always as identity, id uuid primary key, label text,
      count integer, total bigint, flag boolean, day date, at timestamptz, details jsonb, state text)
  `);
});

afterAll(() => database.close());

const id = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

describe('upsertRows (columns as binary text arrays)', { timeout: 60_000 }, () => {
  it('given hostile text, nulls and every column type, then the rows read back equal, in their order', async () => {
    const rows: Row[] = HOSTILE.map((label, index) => ({
      id: id(index),
      label,
      count: index % 3 === 0 ? null : -index,
      total: index * 10_000_000_000,
      flag: index % 2 === 0,
      day: index % 4 === 0 ? null : `2026-11-${String(index + 1).padStart(2, '0')}`,
      at: new Date(Date.UTC(2026, 10, 25, 12, index)).toISOString(),
      details: index % 5 === 0 ? null : { label, list: [label, null, index], nested: { '"k"': '\\' } },
      state: index % 5 === 1 ? null : { [label]: [label, index % 2 === 0 ? null : '2026-11-28'] },
    }));
    await upsertRows(database.pool, table, COLUMNS, 'id', rows);

    const loaded = await loadRows<typeof COLUMNS, Row>(
      database.pool,
      table,
      COLUMNS,
      COLUMNS.id,
      rows.map((row) => row.id as string),
      sql.fragment`order by seq`,
    );
    expect(loaded.map((row) => ({ ...row, total: Number(row.total) }))).toEqual(rows);
    // JSON kept as text is stored as sent
    const stored = await database.pool.anyFirst(sql.type(z.object({ state: z.string().nullable() }))`
      select state from ${table} where id = any(${sql.array(
        rows.map((row) => row.id as string),
        'uuid',
      )}) order by seq
    `);
    expect(stored).toEqual(rows.map((row) => (row.state === null ? null : JSON.stringify(row.state))));
  });

  it('given an existing key, then the row is replaced, not duplicated', async () => {
    const first = {
      id: id(100),
      label: 'antes',
      count: 1,
      total: 1,
      flag: true,
      day: null,
      at: null,
      details: null,
      state: null,
    };
    await upsertRows(database.pool, table, COLUMNS, 'id', [first]);
    await upsertRows(database.pool, table, COLUMNS, 'id', [{ ...first, label: 'depois', details: { a: 1 } }]);

    const rows = await database.pool.any(sql.type(z.object({ label: z.string(), details: z.unknown() }))`
      select label, details from ${table} where id = ${id(100)}
    `);
    expect(rows).toEqual([{ label: 'depois', details: { a: 1 } }]);
  });
});

/** A row with only its id, label and count set. */
const row = (index: number, label: string): Row => ({
  id: id(index),
  label,
  count: index,
  total: null,
  flag: null,
  day: null,
  at: null,
  details: null,
  state: null,
});
const labelsOf = async (ids: readonly string[]) =>
  database.pool.anyFirst(sql.type(z.object({ label: z.string() }))`
    select label from ${table} where id = any(${sql.array(ids, 'uuid')}) order by seq
  `);

describe('writeTogether (several writes, one statement)', { timeout: 60_000 }, () => {
  it('given an insert and an upsert of other rows, then both are written, in one round trip', async () => {
    await insertRows(database.pool, table, COLUMNS, [row(700, 'antes')]);

    await writeTogether(database.pool, [
      upsertStatement(table, COLUMNS, 'id', [row(700, 'depois')]),
      // a write of no rows is left out
      insertStatement(table, COLUMNS, []),
      insertStatement(table, COLUMNS, [row(701, 'novo'), row(702, 'outro')]),
    ]);

    expect(await labelsOf([id(700), id(701), id(702)])).toEqual(['depois', 'novo', 'outro']);
  });

  it('given one write that fails, then none of them is written', async () => {
    await insertRows(database.pool, table, COLUMNS, [row(800, 'existente')]);

    await expect(
      writeTogether(database.pool, [
        upsertStatement(table, COLUMNS, 'id', [row(801, 'upsert')]),
        insertStatement(table, COLUMNS, [row(800, 'duplicado')]),
      ]),
    ).rejects.toThrow(UniqueIntegrityConstraintViolationError);

    expect(await labelsOf([id(800), id(801)])).toEqual(['existente']);
  });
});

describe('insertRows (rows known to be new)', { timeout: 60_000 }, () => {
  it('given new rows, then they are inserted in their order', async () => {
    const rows = [row(200, 'terceiro'), row(201, 'primeiro'), row(202, 'segundo')];
    await insertRows(database.pool, table, COLUMNS, rows);

    expect(await labelsOf(rows.map((each) => each.id as string))).toEqual([
      'terceiro',
      'primeiro',
      'segundo',
    ]);
  });

  it('given a row whose key exists, then the statement fails and writes none of its rows', async () => {
    await insertRows(database.pool, table, COLUMNS, [row(300, 'existente')]);

    await expect(
      insertRows(database.pool, table, COLUMNS, [row(301, 'novo'), row(300, 'substituto')]),
    ).rejects.toThrow(UniqueIntegrityConstraintViolationError);
    expect(await labelsOf([id(300), id(301)])).toEqual(['existente']);
  });

  it('given a batch of loaded and new rows, then the loaded ones are replaced and the new ones inserted', async () => {
    await insertRows(database.pool, table, COLUMNS, [row(400, 'carregado')]);

    await writeBatchRows(
      database.pool,
      table,
      COLUMNS,
      'id',
      [row(401, 'criado'), row(400, 'alterado')],
      (each) => each.id === id(400),
    );
    expect(await labelsOf([id(400), id(401)])).toEqual(['alterado', 'criado']);
  });
});

describe('textArrayBinary', () => {
  it('given text, nulls and multi-byte characters, then PostgreSQL reads back the same array', async () => {
    const values = [...HOSTILE, null, 'último', null];
    const read = await database.pool.oneFirst(sql.type(z.object({ value: z.array(z.string().nullable()) }))`
      select ${sql.binary(textArrayBinary(values))}::text[] as value
    `);
    expect(read).toEqual(values);
  });

  it('given no values, then an empty array', async () => {
    const read = await database.pool.oneFirst(sql.type(z.object({ value: z.array(z.string()) }))`
      select ${sql.binary(textArrayBinary([]))}::text[] as value
    `);
    expect(read).toEqual([]);
  });
});

describe('array columns (uuid[], text[], date[], integer[])', { timeout: 60_000 }, () => {
  const ARRAYS = {
    id: { column: 'id', type: 'uuid' },
    ids: { column: 'ids', type: 'uuid[]' },
    labels: { column: 'labels', type: 'text[]' },
    days: { column: 'days', type: 'date[]' },
    counts: { column: 'counts', type: 'integer[]' },
  } as const satisfies ColumnMap;
  const arrays = sql.identifier(['array_columns_round_trip']);
  const ArraysRow = z.object({
    id: z.string(),
    ids: z.array(z.string()),
    labels: z.array(z.string().nullable()),
    days: z.array(z.string().nullable()),
    counts: z.array(z.number()),
  });

  it('given hostile text, nulls and empty arrays, then PostgreSQL reads back the same arrays', async () => {
    await database.pool.query(sql.typeAlias('void')`
      create table ${arrays} (id uuid primary key, ids uuid[], labels text[], days date[], counts integer[])
    `);
    const rows = [
      {
        id: id(500),
        ids: [id(1), id(2)],
        labels: [...HOSTILE, null],
        days: ['2026-11-25', null, '2027-01-31'],
        counts: [0, -7, 93],
      },
      { id: id(501), ids: [], labels: [], days: [], counts: [] },
    ];
    await upsertRows(database.pool, arrays, ARRAYS, 'id', rows);

    const read = await database.pool.any(sql.type(ArraysRow)`
      select id, ids::text[] as ids, labels, days::text[] as days, counts from ${arrays} order by id
    `);
    expect(read).toEqual(rows);
  });
});
