export { usersProjection } from './projection.ts';
export { createUserQueries, type UserQueries, type UserRow } from './queries.ts';
