export * from './pool.ts';
export { PREPARED, isStalePlan } from './prepared-statements.ts';
export * from './migrations.ts';
export * from './database.ts';
export * from './embedded-postgres.ts';
export * from './sql.ts';
export * from './roles.ts';
