import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { createDatabasePool } from '../src/pool.ts';
import { PREPARED } from '../src/prepared-statements.ts';
import { sql } from '../src/sql.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database.ts';

/*
 * A query marked `PREPARED` is parsed and planned once per pooled connection (a named
 * statement), any other query every time (slonik's unnamed statements). One connection, so
 * that `pg_prepared_statements` (which is per session) shows what the pool's queries left.
 */

let database: TestDatabase;
let pool: DatabasePool;

beforeEach(async () => {
  database = await createTestDatabase();
  pool = await createDatabasePool(database.url, { maximumPoolSize: 1 });
  await pool.query(sql.typeAlias('void')`create table notes (id int primary key, body text not null)`);
  await pool.query(sql.typeAlias('void')`insert into notes values (1, 'primeira'), (2, 'segunda')`);
});
afterEach(async () => {
  await pool.end();
  await database.drop();
});

const Note = z.object({ id: z.number(), body: z.string() });
const Statement = z.object({ statement: z.string(), executions: z.number() });

const byId = (id: number, db: CommonQueryMethods = pool) =>
  db.one(sql.type(Note)`
    ${PREPARED} select id, body from notes where id = ${id}
  `);

/** The session's named statements, and how often each was executed (plans, generic or custom). */
const statements = () =>
  pool.any(sql.type(Statement)`
    select statement, (generic_plans + custom_plans)::int as executions
    from pg_prepared_statements order by name
  `);

describe('PREPARED', () => {
  it('given a marked query run three times, then it is prepared once and each value gets its own rows', async () => {
    // When
    const rows = [await byId(1), await byId(2), await byId(1)];

    // Then the answers are each value's
    expect(rows).toEqual([
      { id: 1, body: 'primeira' },
      { id: 2, body: 'segunda' },
      { id: 1, body: 'primeira' },
    ]);
    // And one statement, named once, served all three
    const prepared = await statements();
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.statement).toMatch(
      /^\s*\/\* prepared \*\/\s+select id, body from notes where id = \$1/,
    );
    expect(prepared[0]!.executions).toBe(3);
  });

  it('given unmarked queries, then nothing is prepared', async () => {
    await pool.one(sql.type(Note)`select id, body from notes where id = ${1}`);
    await pool.any(sql.type(Note)`/* not prepared */ select id, body from notes`);

    expect(await statements()).toEqual([]);
  });

  it('given two marked texts, then each has its own statement', async () => {
    await byId(1);
    await pool.any(sql.type(Note)`${PREPARED} select id, body from notes order by id`);

    expect((await statements()).map((row) => row.executions)).toEqual([1, 1]);
  });

  it('given the table swapped for another after the statement was prepared, then the statement reads the new one', async () => {
    // Given the statement prepared and planned on the old table
    await byId(1);
    // When a rebuild's swap puts a new table in its place (same columns, other rows)
    await pool.transaction(async (tx) => {
      await tx.query(sql.typeAlias('void')`create table notes__rebuild (like notes including all)`);
      await tx.query(sql.typeAlias('void')`insert into notes__rebuild values (1, 'reconstruída')`);
      await tx.query(sql.typeAlias('void')`drop table notes`);
      await tx.query(sql.typeAlias('void')`alter table notes__rebuild rename to notes`);
    });

    // Then the same statement answers from the new table
    expect(await byId(1)).toEqual({ id: 1, body: 'reconstruída' });
    expect((await statements()).map((row) => row.executions)).toEqual([2]);
  });

  it('given a marked query whose rows break its schema, then the result parser still refuses them', async () => {
    await expect(
      pool.one(sql.type(z.object({ id: z.string() }))`${PREPARED} select id from notes where id = ${1}`),
    ).rejects.toThrow(/Query returned rows that do not conform with the schema/);
  });

  it('given a marked query with a syntax error, then the error names its SQL text', async () => {
    const failure = await pool
      .query(sql.typeAlias('void')`${PREPARED} selec id from notes where id = ${1}`)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      sql: expect.stringMatching(/^\s*\/\* prepared \*\/\s+selec id from notes/),
    });
  });
});

describe('PREPARED, when a migration changes what a statement returns', () => {
  it('given the column type changed after the statement was prepared, then the call is still answered', async () => {
    // Given the statement prepared when `body` was text
    await byId(1);
    // When another process migrates it to varchar (PostgreSQL refuses the cached plan then)
    await pool.query(sql.typeAlias('void')`alter table notes alter column body type varchar(40)`);

    // Then the same call is answered, from a statement prepared afresh
    expect(await byId(2)).toEqual({ id: 2, body: 'segunda' });
    expect(await byId(1)).toEqual({ id: 1, body: 'primeira' });
    const prepared = await statements();
    expect(prepared.map((row) => row.executions)).toEqual([1, 2]);
  });

  it('given the change met inside a transaction, then the transaction fails with that cause, and the next call is answered', async () => {
    // Given the statement prepared, then the column's type changed under it
    await byId(1);
    await pool.query(sql.typeAlias('void')`alter table notes alter column body type varchar(40)`);

    // When the first call after it runs inside a transaction
    const inTransaction = pool.transaction((tx) => byId(1, tx));

    // Then the transaction fails with the stale plan, not with the refused retry (25P02)
    await expect(inTransaction).rejects.toMatchObject({ code: '0A000' });
    // And the next call is answered (slonik replaces a connection whose transaction failed)
    expect(await byId(2)).toEqual({ id: 2, body: 'segunda' });
  });
});
