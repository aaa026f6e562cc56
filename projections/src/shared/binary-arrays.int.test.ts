import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '@bari/db';
import {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from '../../test/support/test-database.ts';
import { dateArrayBinary, int4ArrayBinary, uuidArrayBinary } from './binary-arrays.ts';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase();
});
afterAll(() => database.close());

/** What PostgreSQL reads from the binary array, cast to `type`, spelt back as text. */
const readBack = (buffer: Buffer, type: 'uuid' | 'int4' | 'date') =>
  database.pool.oneFirst(sql.type(z.object({ value: z.array(z.string().nullable()) }))`
    select ${sql.binary(buffer)}::${sql.identifier([type])}[]::text[] as value
  `);

describe('binary arrays, read by PostgreSQL', () => {
  it('given uuids in either case, then the same uuids', async () => {
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    ];
    expect(await readBack(uuidArrayBinary(ids), 'uuid')).toEqual(ids.map((id) => id.toLowerCase()));
  });

  it('given days, nulls among them, then the same days (leap days, before 2000, years below 100)', async () => {
    const days = [
      '2000-01-01',
      null,
      '2024-02-29',
      '1999-12-31',
      '1900-03-01',
      '0050-06-15',
      '2100-12-31',
      null,
    ];
    expect(await readBack(dateArrayBinary(days), 'date')).toEqual(days);
  });

  it('given integers, negative and extreme, then the same integers', async () => {
    const values = [0, 1, -1, 93, 2_147_483_647, -2_147_483_648];
    expect(await readBack(int4ArrayBinary(values), 'int4')).toEqual(values.map(String));
  });

  it('given no values, then an empty array of each type', async () => {
    expect(await readBack(uuidArrayBinary([]), 'uuid')).toEqual([]);
    expect(await readBack(dateArrayBinary([]), 'date')).toEqual([]);
    expect(await readBack(int4ArrayBinary([]), 'int4')).toEqual([]);
  });
});

describe('binary arrays, refusing what is not their type', () => {
  it.each([
    '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5',
    '0190a1b2c3d4-7e5f-8a9b-0c1d2e3f4a5b0',
    '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4g5b',
    '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4á5b',
    '',
  ])('refuses %j as a uuid', (id) => {
    expect(() => uuidArrayBinary([id])).toThrow(TypeError);
  });

  it.each([
    '2025-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-4-30',
    '2025-04-30T00:00',
    'amanhã',
  ])('refuses %j as a day', (day) => {
    expect(() => dateArrayBinary([day])).toThrow(TypeError);
  });
});

describe('dates without nulls in the array (nulls as -infinity)', () => {
  it('given nulls among the days, then no null bitmap, and each slice reads back with its nulls', async () => {
    const days = ['2025-01-10', null, '2025-03-01', null, null, '2026-11-28'];
    const buffer = dateArrayBinary(days, { nulls: 'negativeInfinity' });
    // the header's null flag: an array with nulls is sliced by walking it, element by element
    expect(buffer.readInt32BE(4)).toBe(0);
    expect(dateArrayBinary(days).readInt32BE(4)).toBe(1);
    const slices = await database.pool.anyFirst(sql.type(z.object({ value: z.array(z.string().nullable()) }))`
      select array_replace((${sql.binary(buffer)}::date[])[s.lo:s.hi], '-infinity'::date, null)::text[] as value
      from (values (1, 2, 1), (3, 5, 2), (6, 6, 3), (7, 6, 4)) as s (lo, hi, n)
      order by s.n
    `);
    expect(slices).toEqual([['2025-01-10', null], ['2025-03-01', null, null], ['2026-11-28'], []]);
  });
});
