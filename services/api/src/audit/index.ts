export { recordAccess, type AccessRecord } from './record-access.ts';
export { auditRoutes } from './routes.ts';
