import type { ProjectionStatus } from '@bari/projections';

/**
 * A projection that has applied nothing for this long while events wait for it is stopped:
 * a batch takes well under a second, and a write waits for its read models at most 5 s.
 */
export const STALLED_AFTER_MS = 30_000;

const olderThan = (instant: Date | null, now: Date): boolean =>
  instant === null || now.getTime() - instant.getTime() > STALLED_AFTER_MS;

/**
 * The projector part of `/readyz`: 'ok', or why not. In process we know each projection's
 * state, and since when a batch has waited to be committed (blocked on a lock, say); with a
 * separate projector (PROJECTOR=external) we can only see its checkpoints, so events waiting
 * behind a checkpoint that has not moved for a while mean it is not running.
 */
export function projectorReadiness(
  statuses: readonly ProjectionStatus[],
  options: { readonly external: boolean; readonly now: Date },
): string {
  const failed = statuses.filter((status) => status.state === 'failed' || status.error !== null);
  if (failed.length > 0) return `falhou: ${failed.map((status) => status.name).join(', ')}`;
  const stalled = statuses.filter((status) =>
    options.external
      ? status.lag > 0 && olderThan(status.updatedAt, options.now)
      : status.waitingSince !== null && olderThan(status.waitingSince, options.now),
  );
  return stalled.length === 0 ? 'ok' : `parado: ${stalled.map((status) => status.name).join(', ')}`;
}
