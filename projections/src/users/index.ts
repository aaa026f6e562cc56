export { usersProjection } from './projection.ts';
export { createUserQueries, sessionUserSubquery, type UserQueries, type UserRow } from './queries.ts';
