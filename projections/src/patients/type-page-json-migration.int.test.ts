import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProcedureType } from '@bari/contracts';
import { types } from '@bari/contracts/testing';
import { sql, type DatabasePool } from '@bari/db';
import { databaseBeforeMigrations, type DatabaseBeforeMigrations } from '../../test/support/test-database.ts';
import { procedureTypePageJson } from './type-page-json.ts';

/*
 * `007_type_page_json.sql` on a database whose lists already name types: each copy gets the
 * text the projection gives a new one (`procedureTypePageJson`), byte for byte, whatever
 * its name holds.
 */

const MIGRATION = 'projections/patients/007_type_page_json.sql';

const COPIES: readonly ProcedureType[] = [
  types.bloodCount,
  {
    id: 'post_op_1mes."aspas"\\barra',
    name: 'Consulta "especial" \\ linha\nnova\t\u0001\u001f ção 🙂 </script>',
    category: 'post_op_1mes',
    phase: 'post_operative',
    isRequired: false,
    scheduledMonth: 1,
  },
  {
    // A lone surrogate: the driver sends it as U+FFFD, which is what the copy holds.
    id: 'post_op_3mes.solto',
    name: 'Exame \ud800 solto',
    category: 'post_op_3mes',
    phase: 'post_operative',
    isRequired: true,
    scheduledMonth: 3,
  },
];

describe('migration 007: the types’ text on the patient page, on a database with types', () => {
  let database: DatabaseBeforeMigrations;
  let pool: DatabasePool;
  beforeAll(async () => {
    database = await databaseBeforeMigrations([MIGRATION]);
    pool = database.pool;
    for (const type of COPIES) {
      await pool.query(sql.typeAlias('void')`
        insert into patient_procedure_types (id, name, category, phase, is_required, scheduled_month)
        values (${type.id}, ${type.name}, ${type.category}, ${type.phase}, ${type.isRequired},
          ${type.scheduledMonth})
      `);
    }
    await database.migrateTheRest();
  });
  afterAll(() => database?.close());

  it('gives each copy the text a new copy gets', async () => {
    const rows = await pool.any(sql.type(z.object({ id: z.string(), pageJson: z.string() }))`
      select id, page_json as "pageJson" from patient_procedure_types order by id
    `);
    expect(rows).toHaveLength(COPIES.length);
    for (const type of COPIES) {
      expect(rows.find((row) => row.id === type.id)?.pageJson).toBe(procedureTypePageJson(type));
    }
  });
});
