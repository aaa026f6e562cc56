import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabasePool, loadMigrations, migrate, type DatabasePool } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import { createPostgresEventStore, eventStoreMigrations, type EventStore } from '@bari/event-store';
import { PROTOCOL_CATALOGUE, ProcedureTypeDefined } from '@bari/contracts';
import { projectionMigrations } from '../migrations.ts';
import { silentLogger } from '../runner/logger.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { createProjectionRunner, type ProjectionRunner } from '../runner/runner.ts';
import { procedureTypesProjection } from './projection.ts';
import { createProcedureTypeQueries } from './queries.ts';

let database: TestDatabase;
let eventStore: EventStore;
let pool: DatabasePool;
let runner: ProjectionRunner;

beforeEach(async () => {
  database = await createTestDatabase();
  await migrate(database.url, loadMigrations([eventStoreMigrations, ...projectionMigrations]));
  eventStore = createPostgresEventStore({ connectionString: database.url });
  pool = await createDatabasePool(database.url);
  runner = createProjectionRunner({
    eventStore,
    pool,
    projections: [procedureTypesProjection],
    logger: silentLogger,
  });
  await runner.start();
});

afterEach(async () => {
  await runner.stop();
  await pool.end();
  await eventStore.close();
  await database.drop();
});

const staffType = {
  id: randomUUID(),
  name: 'Bioimpedância',
  category: 'post_op_3mes',
  phase: 'post_operative',
  isRequired: false,
  scheduledMonth: 3,
} as const;

async function given(events: readonly ProcedureTypeDefined[]): Promise<void> {
  const result = await eventStore.appendToStream(
    'procedure-types',
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        userId: null,
        userEmail: null,
        clientIp: null,
        correlationId: randomUUID(),
        timestamp: new Date().toISOString(),
      },
    })),
    'any',
  );
  expect(await runner.waitFor(result.position, { timeoutMs: 10_000 })).toBe(true);
}

describe('procedure-types projection', { timeout: 60_000 }, () => {
  it('given the catalogue and a staff type, then every type is listed in definition order', async () => {
    await given(
      PROTOCOL_CATALOGUE.map((type) => ProcedureTypeDefined.create({ ...type, source: 'catalogue' })),
    );
    await given([ProcedureTypeDefined.create({ ...staffType, source: 'staff' })]);

    const queries = createProcedureTypeQueries(pool);
    expect(await queries.list()).toEqual([...PROTOCOL_CATALOGUE, staffType]);
    expect(await queries.byId(staffType.id)).toEqual(staffType);
    expect(await queries.byId('pre_op_lab.nao-existe')).toBeNull();
  });

  it('rebuilds into the same rows', async () => {
    await given(
      PROTOCOL_CATALOGUE.map((type) => ProcedureTypeDefined.create({ ...type, source: 'catalogue' })),
    );
    await given([ProcedureTypeDefined.create({ ...staffType, source: 'staff' })]);
    const before = await createProcedureTypeQueries(pool).list();

    await runner.stop();
    await rebuildProjection({ eventStore, pool, projection: procedureTypesProjection });

    expect(await createProcedureTypeQueries(pool).list()).toEqual(before);
  });
});
