import type { CommonQueryMethods, DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';

const CheckpointRowSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  updatedAt: z.coerce.date(),
  error: z.string().nullable(),
});
export type CheckpointRow = z.infer<typeof CheckpointRowSchema>;

const PositionSchema = z.object({ position: z.string().nullable() });

/** Creates the checkpoint rows that do not exist yet (position null: nothing applied). */
export async function ensureCheckpoints(db: CommonQueryMethods, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.query(sql.typeAlias('void')`
    insert into projection_checkpoints (name)
    select unnest(${sql.array(names, 'text')})
    on conflict (name) do nothing
  `);
}

export async function readCheckpoints(
  db: CommonQueryMethods,
  names: readonly string[],
): Promise<ReadonlyMap<string, CheckpointRow>> {
  const rows = await db.any(sql.type(CheckpointRowSchema)`
    select name, position, updated_at as "updatedAt", error
    from projection_checkpoints
    where name = any(${sql.array(names, 'text')})
  `);
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Locks a projection's checkpoint row until the end of the transaction and returns its
 * position. Every writer of a projection's read model takes this lock first, so two
 * runners (or a runner and a rebuild's swap) take turns and each sees the other's result.
 * The row is created only when the lock finds none: every live batch takes this lock, and
 * creating it first each time was one more round trip a batch.
 */
export async function lockCheckpoint(
  tx: DatabaseTransactionConnection,
  name: string,
): Promise<string | null> {
  const lock = () =>
    tx.maybeOne(sql.type(PositionSchema)`
      select position from projection_checkpoints where name = ${name} for update
    `);
  const row = (await lock()) ?? (await ensureCheckpoints(tx, [name]).then(lock));
  if (!row) throw new Error(`Projection ${name}: its checkpoint row could not be created`);
  return row.position;
}

/** Records the position reached; call with the row locked, in the batch's transaction. */
export async function saveCheckpoint(
  tx: DatabaseTransactionConnection,
  name: string,
  position: string | null,
): Promise<void> {
  await tx.query(sql.typeAlias('void')`
    update projection_checkpoints
    set position = ${position}, updated_at = now(), error = null
    where name = ${name}
  `);
}

/**
 * Moves a checkpoint past events the projection does not handle, outside any batch, unless
 * another runner moved it since `expected`. Returns the position stored now: `position`, or
 * the other runner's.
 */
export async function advanceCheckpointIfUnchanged(
  pool: CommonQueryMethods,
  name: string,
  expected: string | null,
  position: string,
): Promise<string | null> {
  const moved = await pool.maybeOneFirst(sql.type(PositionSchema)`
    update projection_checkpoints set position = ${position}, updated_at = now()
    where name = ${name} and position is not distinct from ${expected}
    returning position
  `);
  if (moved !== null) return moved;
  return pool.oneFirst(sql.type(PositionSchema)`
    select position from projection_checkpoints where name = ${name}
  `);
}

/** Notes why a projection stopped, for `status` in any process. */
export async function recordFailure(db: CommonQueryMethods, name: string, error: string): Promise<void> {
  await db.query(sql.typeAlias('void')`
    update projection_checkpoints set error = ${error}, updated_at = now() where name = ${name}
  `);
}
