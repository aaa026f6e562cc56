import type { ApiRoutes } from '../app.ts';
import type { ApiDependencies } from '../dependencies.ts';
import { auditLogRoutes } from './audit-log-routes.ts';
import { patientAccessRoutes } from './patient-access-routes.ts';

/** The audit routes. Registered before the patient routes (see `patientAccessRoutes`). */
export function auditRoutes(deps: ApiDependencies): ApiRoutes[] {
  return [(router) => auditLogRoutes(router, deps), (router) => patientAccessRoutes(router, deps)];
}
