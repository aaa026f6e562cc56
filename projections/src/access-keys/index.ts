export { accessKeysProjection } from './projection.ts';
export { createAccessKeyQueries, type AccessKeyQueries, type AccessKeyRow } from './queries.ts';
