import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventMetadata } from '@bari/contracts';
import { silentLogger } from '../../src/runner/logger.ts';
import type { Projection } from '../../src/runner/projection.ts';
import { rebuildProjection } from '../../src/runner/rebuild.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../src/runner/runner.ts';
import {
  createProjectionTestDatabase,
  type ProjectionStores,
  type ProjectionTestDatabase,
} from './test-database.ts';
import { testMetadata } from './test-metadata.ts';

export interface ProjectionHarness extends ProjectionTestDatabase {
  /** The live runner of the projections under test, started. */
  readonly runner: ProjectionRunner;
  /** Appends `events` to `streamId` and waits until the runner has projected them. */
  given(
    streamId: string,
    events: readonly { readonly type: string; readonly data: unknown }[],
    metadata?: Partial<EventMetadata>,
  ): Promise<void>;
  /** Stops the live runner and rebuilds `projection` from the whole log, as the CLI does. */
  rebuild(projection: Projection, options?: { readonly batchSize?: number }): Promise<void>;
  /** Stops the runner, releases the stores and drops the database. */
  close(): Promise<void>;
}

/** A fresh test database with `projections` projected live by a started runner. */
export async function startProjectionHarness(projections: readonly Projection[]): Promise<ProjectionHarness> {
  const database = await createProjectionTestDatabase();
  const { eventStore, pool } = database;
  const runner = createProjectionRunner({ eventStore, pool, projections, logger: silentLogger });
  await runner.start();
  return {
    ...database,
    runner,
    async given(streamId, events, metadata = {}) {
      const result = await eventStore.appendToStream(
        streamId,
        events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: testMetadata(metadata),
        })),
        'any',
      );
      expect(await runner.waitFor(result.position, { timeoutMs: 10_000 })).toBe(true);
    },
    async rebuild(projection, options = {}) {
      await runner.stop();
      await rebuildProjection({ eventStore, pool, projection, ...options });
    },
    async close() {
      await runner.stop();
      await database.close();
    },
  };
}

/** Runs `projection` live until it has projected the whole log, then stops it. */
export async function projectWholeLog(
  stores: ProjectionStores,
  projection: Projection,
  timeoutMs = 5_000,
): Promise<ProjectionRunner> {
  const { eventStore, pool } = stores;
  const runner = createProjectionRunner({
    eventStore,
    pool,
    projections: [projection],
    logger: silentLogger,
  });
  await runner.start();
  expect(await runner.waitFor((await eventStore.headPosition())!, { timeoutMs })).toBe(true);
  await runner.stop();
  return runner;
}
