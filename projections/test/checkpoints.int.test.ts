import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '@bari/db';
import { lockCheckpoint, readCheckpoints, saveCheckpoint } from '../src/runner/checkpoints.ts';
import { fixtureMigrations } from './fixtures/stream-counts.ts';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from './support/test-database.ts';

let fixture: ProjectionTestDatabase;

beforeEach(async () => {
  fixture = await createProjectionTestDatabase([fixtureMigrations]);
});
afterEach(async () => {
  await fixture.close();
});

describe('lockCheckpoint', () => {
  it('given no checkpoint row, then it creates one with nothing applied and returns null', async () => {
    const position = await fixture.pool.transaction((tx) => lockCheckpoint(tx, 'never-run'));
    expect(position).toBeNull();
    expect((await readCheckpoints(fixture.pool, ['never-run'])).get('never-run')?.position).toBeNull();
  });

  it('given a saved position, then it returns it', async () => {
    await fixture.pool.transaction(async (tx) => {
      await lockCheckpoint(tx, 'counted');
      await saveCheckpoint(tx, 'counted', '42');
    });
    expect(await fixture.pool.transaction((tx) => lockCheckpoint(tx, 'counted'))).toBe('42');
  });

  it('given a transaction holding the lock, then another one cannot take it until it ends', async () => {
    await fixture.pool.transaction((tx) => lockCheckpoint(tx, 'counted'));
    await fixture.pool.transaction(async (holder) => {
      await lockCheckpoint(holder, 'counted');
      const other = fixture.pool.transaction(async (tx) => {
        await tx.query(sql.type(z.object({ value: z.string() }))`
          select set_config('lock_timeout', '200ms', true) as value
        `);
        return lockCheckpoint(tx, 'counted');
      });
      await expect(other).rejects.toThrow(/lock timeout/i);
    });
  });
});
