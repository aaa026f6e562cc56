import type { DatabasePool, DatabasePoolConnection } from 'slonik';

/*
 * A rebuild writes each projection's fresh tables on one of a few connections (lanes), so
 * PostgreSQL works for the patients and the audit projections at the same time, and builds
 * the deferred indexes side by side.
 */

export interface Lane {
  readonly connection: DatabasePoolConnection;
  /** Indexes of the targets this lane applies, in order. */
  readonly targets: readonly number[];
}

/**
 * Gives each lane a connection while `work` runs: the first lane the rebuild's own, the
 * others one more from the pool each. Targets are dealt round-robin.
 */
export async function withLanes<T>(
  connection: DatabasePoolConnection,
  pool: DatabasePool,
  targets: readonly unknown[],
  lanes: number,
  work: (lanes: readonly Lane[]) => Promise<T>,
): Promise<T> {
  const count = Math.max(1, Math.min(lanes, targets.length));
  const dealt = Array.from({ length: count }, (_, lane) =>
    targets.map((_, index) => index).filter((index) => index % count === lane),
  );
  const open = (held: readonly DatabasePoolConnection[]): Promise<T> =>
    held.length === count
      ? work(held.map((connection, lane) => ({ connection, targets: dealt[lane]! })))
      : pool.connect((connection) => open([...held, connection]));
  return open([connection]);
}
