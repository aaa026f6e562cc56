import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditLogQuerySchema } from '@bari/contracts';
import { createDatabasePool, loadMigrations, migrate, sql, type DatabasePool } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { eventStoreMigrations } from '@bari/event-store';
import { projectionMigrations } from '../migrations.ts';
import { createAuditQueries } from './queries.ts';

/*
 * The planner must know how often a name appears at each of a row's three positions: taking
 * a rare name for 0.5 % of the log (its guess without statistics, as when the second and third
 * positions' indexes were partial), it walked the whole log newest first to fill a page of a
 * search matching one row (140 ms on 450,000 rows instead of 1 ms).
 */

const ROWS = 20_000;
/** What the planner assumes without statistics: 0.5 % of the rows. */
const GUESS = ROWS * 0.005;

describe('audit search: statistics for every name position', () => {
  let database: TestDatabase;
  let pool: DatabasePool;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url, loadMigrations([eventStoreMigrations, ...projectionMigrations]));
    pool = await createDatabasePool(database.url);
    // Given a log whose rows name a patient, most a user too, a few an actor's e-mail, and one
    // row a name nobody else has, in its second position
    await pool.query(sql.typeAlias('void')`
      insert into audit_log (event_id, occurred_at, user_id, user_email, action, entity_type, search_terms)
      select gen_random_uuid(), now(), 'u1', 'enf@hospital.br', 'VIEW_PATIENT', 'patient',
        case
          when i = 1 then array['paciente 1', 'nome unico']
          when i % 500 = 0 then array['paciente ' || i % 3000, 'usuario ' || i % 7, 'ator' || i % 4 || '@hospital.br']
          when i % 10 = 0 then array['paciente ' || i % 3000]
          else array['paciente ' || i % 3000, 'usuario ' || i % 7]
        end
      from generate_series(1, ${ROWS}) as i
    `);
    await pool.query(sql.typeAlias('void')`insert into audit_search_terms (term) values ('nome unico')`);
    await pool.query(sql.typeAlias('void')`analyze audit_log`);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const estimate = async (position: number, term: string): Promise<number> => {
    const plan = await pool.oneFirst(sql.type(
      z.object({ 'QUERY PLAN': z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) })) }),
    )`
      explain (format json) select 1 from audit_log
      where search_terms[${position}::int] = any(${sql.array([term], 'text')})
    `);
    return plan[0]!.Plan['Plan Rows'];
  };

  it.each([1, 2, 3])(
    'estimates a rare name at position %i as a few rows, not the guess',
    async (position) => {
      expect(await estimate(position, 'nome unico')).toBeLessThan(GUESS / 10);
    },
  );

  it('estimates a common name at position 2 as common', async () => {
    expect(await estimate(2, 'usuario 3')).toBeGreaterThan(GUESS);
  });

  it('finds the one row naming the rare name', async () => {
    const page = await createAuditQueries(pool).list(AuditLogQuerySchema.parse({ search: 'nome unico' }));
    expect(page.total).toBe(1);
    expect(page.rows).toHaveLength(1);
  });
});
