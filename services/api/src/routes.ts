import type { ApiRoutes } from './app.ts';
import type { ApiDependencies } from './dependencies.ts';
import { auditRoutes } from './audit/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { maintenanceRoutes } from './patients/maintenance-routes.ts';
import { procedureRoutes } from './patients/procedure-routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { procedureTypeRoutes } from './procedure-types/routes.ts';
import { reportRoutes } from './reports/routes.ts';

/** Every feature's `/api` routes, in one place. A feature adds one line here. */
export function apiRoutes(deps: ApiDependencies): ApiRoutes[] {
  return [
    identityRoutes(deps),
    // Before the patient routes: they see `GET /api/patients/:id` first (asOf, VIEW_PATIENT).
    ...auditRoutes(deps),
    (router) => patientRoutes(router, deps),
    (router) => procedureRoutes(router, deps),
    (router) => procedureTypeRoutes(router, deps),
    (router) => maintenanceRoutes(router, deps),
    (router) => reportRoutes(router, deps),
  ];
}
