export { systemInitializationProjection } from './projection.ts';
export { createInitializationQueries, type InitializationQueries } from './queries.ts';
