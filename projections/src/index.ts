export { projectionMigrations } from './migrations.ts';
export { allProjections } from './registry.ts';
export type { Projection, ProjectionContext, TableNames } from './runner/projection.ts';
export { assertValidProjections } from './runner/projection.ts';
export {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectionState,
  type ProjectionStatus,
} from './runner/runner.ts';
export type { WaitForOptions } from './runner/wait-for.ts';
export {
  rebuildProjection,
  rebuildProjections,
  RebuildInProgressError,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './runner/rebuild.ts';
export { readProjectionStatus, countEventsAfter, type ProjectionCheckpointStatus } from './runner/status.ts';
export { readCheckpoints } from './runner/checkpoints.ts';
export { ProjectionHandlerError } from './runner/apply.ts';
export { isTransient } from './runner/transient.ts';
export { createJsonLogger, silentLogger, type ProjectionLogger } from './runner/logger.ts';
export * from './patients/index.ts';
export * from './procedure-types/index.ts';
export * from './users/index.ts';
export * from './access-keys/index.ts';
export * from './system-initialization/index.ts';
export * from './reports/index.ts';
export * from './audit/index.ts';
