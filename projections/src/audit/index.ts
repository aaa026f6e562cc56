export { auditProjection } from './projection.ts';
export { createAuditQueries, type AuditQueries, type AuditLogPage } from './queries.ts';
