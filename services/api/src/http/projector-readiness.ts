import type { ProjectionStatus } from '@bari/projections';

/** A separate projector that has applied nothing for this long while events wait is down. */
export const STALLED_AFTER_MS = 30_000;

/**
 * The projector part of `/readyz`: 'ok', or why not. In process we know each projection's
 * state; with a separate projector (PROJECTOR=external) we can only see its checkpoints, so
 * events waiting behind a checkpoint that has not moved for a while mean it is not running.
 */
export function projectorReadiness(
  statuses: readonly ProjectionStatus[],
  options: { readonly external: boolean; readonly now: Date },
): string {
  const failed = statuses.filter((status) => status.state === 'failed' || status.error !== null);
  if (failed.length > 0) return `falhou: ${failed.map((status) => status.name).join(', ')}`;
  if (!options.external) return 'ok';
  const stalled = statuses.filter(
    (status) =>
      status.lag > 0 &&
      (status.updatedAt === null || options.now.getTime() - status.updatedAt.getTime() > STALLED_AFTER_MS),
  );
  return stalled.length === 0 ? 'ok' : `parado: ${stalled.map((status) => status.name).join(', ')}`;
}
