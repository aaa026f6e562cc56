import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditLogQuerySchema } from '@bari/contracts';
import { sql, type DatabasePool } from '@bari/db';
import { databaseBeforeMigrations, type DatabaseBeforeMigrations } from '../../test/support/test-database.ts';
import { loadRows } from '../shared/columns.ts';
import { AUDIT_ENTITY_COLUMNS } from './columns.ts';
import type { EntityRow } from './entities.ts';
import { createAuditQueries } from './queries.ts';

/*
 * `003_search_terms.sql` on a database whose audit log already has rows: they keep their
 * search text and are found by the same searches as before, beside the rows written after,
 * which list their names as terms. And `004_entity_state_as_text.sql`: the lookup's state,
 * `jsonb` before, is the same JSON as text after. And `006_details_as_json.sql`: the old rows'
 * details, in the `jsonb` column, are read beside the new rows', in the `json` one.
 */

const MIGRATIONS = [
  'projections/audit/003_search_terms.sql',
  'projections/audit/004_entity_state_as_text.sql',
  // builds on 003's column
  'projections/audit/005_search_term_statistics.sql',
  'projections/audit/006_details_as_json.sql',
];

const OLD_PROCEDURE_ROW = '0190a1b2-0000-7000-8000-000000000001';
const OLD_PATIENT_ROW = '0190a1b2-0000-7000-8000-000000000002';
const NEW_ROW = '0190a1b2-0000-7000-8000-000000000003';

const OLD_DETAILS = { status: 'completed', patientName: 'Maria da Conceição' };
const NEW_DETAILS = { values: { reason: 'registration', count: '93' } };

describe('migrations 003, 004 and 006: audit search terms, lookup state and details, on a log with rows', () => {
  let database: DatabaseBeforeMigrations;
  let pool: DatabasePool;
  const found = async (search: string) =>
    (await createAuditQueries(pool).list(AuditLogQuerySchema.parse({ search }))).rows.map((row) => row.id);

  beforeAll(async () => {
    // Given the log as it was before the migration, its rows holding their joined names
    database = await databaseBeforeMigrations(MIGRATIONS);
    pool = database.pool;
    for (const [eventId, action, entityType, entityName, search] of [
      [
        OLD_PROCEDURE_ROW,
        'COMPLETE_PROCEDURE',
        'procedure',
        'Hemograma completo',
        'hemograma completo maria da conceicao',
      ],
      [OLD_PATIENT_ROW, 'CREATE_PATIENT', 'patient', 'José Silva', 'jose silva'],
    ] as const) {
      await pool.query(sql.typeAlias('void')`
        insert into audit_log (event_id, occurred_at, user_id, user_email, action, entity_type,
          entity_name, search, details)
        values (${eventId}, now(), 'u1', 'enf@hospital.br', ${action}, ${entityType}, ${entityName}, ${search},
          ${eventId === OLD_PROCEDURE_ROW ? JSON.stringify(OLD_DETAILS) : null}::jsonb)
      `);
    }
    await pool.query(sql.typeAlias('void')`
      insert into audit_entities (id, name, parent_id, state)
      values (${OLD_PATIENT_ROW}, 'José Silva', null, '{"name": "José Silva", "cpf": null}'::jsonb)
    `);
    // When the migrations run, and a row is written the new way after them
    await database.migrateTheRest();
    await pool.query(sql.typeAlias('void')`
      insert into audit_log (event_id, occurred_at, user_id, user_email, action, entity_type,
        entity_name, search_terms, details_json)
      values (${NEW_ROW}, now(), 'u1', 'enf@hospital.br', 'CREATE_PATIENT', 'patient', 'Ana Souza',
        array['ana souza'], ${JSON.stringify(NEW_DETAILS)})
    `);
    await pool.query(sql.typeAlias('void')`insert into audit_search_terms (term) values ('ana souza')`);
  });
  afterAll(() => database?.close());

  it('finds the old rows by their search text, as before, and the new ones by their terms', async () => {
    expect(await found('Conceição')).toEqual([OLD_PROCEDURE_ROW]);
    // an old row's text joins its names: a search across them still finds it
    expect(await found('completo maria')).toEqual([OLD_PROCEDURE_ROW]);
    expect(await found('SILVA')).toEqual([OLD_PATIENT_ROW]);
    expect(await found('souz')).toEqual([NEW_ROW]);
    expect(await found('ana souza jose')).toEqual([]);
  });

  it("reads each row's details from the column it was written to", async () => {
    const { rows } = await createAuditQueries(pool).list(AuditLogQuerySchema.parse({}));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.details]))).toEqual({
      [OLD_PROCEDURE_ROW]: OLD_DETAILS,
      [OLD_PATIENT_ROW]: null,
      [NEW_ROW]: NEW_DETAILS,
    });
  });

  it('leaves the old rows without terms, and indexes only their search text', async () => {
    const rows = await pool.any(sql.type(
      z.object({ id: z.string(), search: z.string().nullable(), terms: z.array(z.string()) }),
    )`
      select event_id as id, search, search_terms as terms from audit_log order by seq
    `);
    expect(rows).toEqual([
      { id: OLD_PROCEDURE_ROW, search: 'hemograma completo maria da conceicao', terms: [] },
      { id: OLD_PATIENT_ROW, search: 'jose silva', terms: [] },
      { id: NEW_ROW, search: null, terms: ['ana souza'] },
    ]);
    const index = await pool.oneFirst(sql.type(z.object({ definition: z.string() }))`
      select indexdef as definition from pg_indexes where indexname = 'audit_log_search'
    `);
    expect(index).toMatch(/USING gin \(search gin_trgm_ops\) WHERE \(search IS NOT NULL\)$/);
  });

  it('keeps the lookup state as the same JSON, as text', async () => {
    const [entity] = await loadRows<typeof AUDIT_ENTITY_COLUMNS, EntityRow>(
      pool,
      sql.identifier(['audit_entities']),
      AUDIT_ENTITY_COLUMNS,
      AUDIT_ENTITY_COLUMNS.id,
      [OLD_PATIENT_ROW],
    );
    expect(entity).toEqual({
      id: OLD_PATIENT_ROW,
      name: 'José Silva',
      parentId: null,
      state: { name: 'José Silva', cpf: null },
    });
    const type = await pool.oneFirst(sql.type(z.object({ type: z.string() }))`
      select data_type as type from information_schema.columns where table_name = 'audit_entities' and column_name = 'state'
    `);
    expect(type).toBe('text');
  });
});
