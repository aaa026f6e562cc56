import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql, type DatabasePool } from '@bari/db';
import { databaseBeforeMigrations, type DatabaseBeforeMigrations } from '../../test/support/test-database.ts';
import { proceduresTable } from './procedure-sources.ts';

/*
 * `005_listed_procedures.sql` on a database that already holds procedures: every row stays a
 * row of its own, each patient's rows keep their order (the old global `seq`) as ordinals
 * 0, 1, 2…, and each patient's count of assigned procedures continues after them.
 */

const MIGRATION = 'projections/patients/005_listed_procedures.sql';
// Build on 005's tables.
const LATER = [
  'projections/patients/006_lists_stored_uncompressed.sql',
  'projections/patients/007_type_page_json.sql',
];

const MARIA = '0190a1b2-0000-7000-8000-000000000001';
const JOAO = '0190a1b2-0000-7000-8000-000000000002';
const procedure = (n: number) => `0190a1b2-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;

describe('migration 005: listed procedures, on a database with procedures', () => {
  let database: DatabaseBeforeMigrations;
  let pool: DatabasePool;
  beforeAll(async () => {
    // Given the read model as it was before the migration
    database = await databaseBeforeMigrations([MIGRATION, ...LATER]);
    pool = database.pool;
    for (const [id, name] of [
      [MARIA, 'Maria'],
      [JOAO, 'João'],
    ] as const) {
      await pool.query(sql.typeAlias('void')`
        insert into patients (id, version, registered_at, name, cpf, municipality_ibge_code,
          municipality_name, municipality_uf, admission_date, surgery_location, surgeon_name,
          search_name, search_municipality, total_procedures)
        values (${id}, 1, now(), ${name}, '39053344705', '3550308', 'São Paulo', 'SP', '2025-01-10',
          'Hospital Geral', 'Dr. Souza', ${name.toLowerCase()}, 'sao paulo', 0)
      `);
    }
    // with their procedures inserted interleaved (the global `seq` alternates between them)
    for (const [n, patientId, status] of [
      [1, MARIA, 'pending'],
      [2, JOAO, 'completed'],
      [3, MARIA, 'completed'],
      [4, JOAO, 'pending'],
      [5, MARIA, 'pending'],
    ] as const) {
      await pool.query(sql.typeAlias('void')`
        insert into patient_procedures (id, patient_id, procedure_type_id, type_name, type_category,
          type_phase, type_is_required, type_scheduled_month, status, scheduled_date)
        values (${procedure(n)}, ${patientId}, 'pre_op_lab.hemograma', ${`Exame ${n}`}, 'pre_op_lab',
          'pre_operative', true, null, ${status}, '2025-02-01')
      `);
    }
    // When the migration runs
    await database.migrateTheRest();
  });
  afterAll(() => database?.close());

  it('keeps every procedure as a row of its own, each patient in its old order', async () => {
    const rows = await pool.any(sql.type(
      z.object({ id: z.string(), patientId: z.string(), ordinal: z.number(), typeName: z.string() }),
    )`
      select id, patient_id as "patientId", ordinal, type_name as "typeName"
      from ${proceduresTable()} pp order by patient_id, ordinal
    `);
    expect(rows).toEqual([
      { id: procedure(1), patientId: MARIA, ordinal: 0, typeName: 'Exame 1' },
      { id: procedure(3), patientId: MARIA, ordinal: 1, typeName: 'Exame 3' },
      { id: procedure(5), patientId: MARIA, ordinal: 2, typeName: 'Exame 5' },
      { id: procedure(2), patientId: JOAO, ordinal: 0, typeName: 'Exame 2' },
      { id: procedure(4), patientId: JOAO, ordinal: 1, typeName: 'Exame 4' },
    ]);
    const listed = await pool.oneFirst(
      sql.type(z.object({ count: z.number() }))`select count(*)::int as count from patient_procedure_lists`,
    );
    expect(listed).toBe(0);
  });

  it("counts each patient's procedures so far, where the next one's ordinal starts", async () => {
    const counts = await pool.any(sql.type(z.object({ id: z.string(), assigned: z.number() }))`
      select id, assigned_procedures as assigned from patients order by id
    `);
    expect(counts).toEqual([
      { id: MARIA, assigned: 3 },
      { id: JOAO, assigned: 2 },
    ]);
  });
});
