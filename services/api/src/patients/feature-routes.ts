import type { ApiRoutes } from '../app.ts';
import type { ApiDependencies } from '../dependencies.ts';
import { adminMaintenanceRoutes } from '../admin/routes.ts';
import { procedureTypeRoutes } from '../procedure-types/routes.ts';
import { procedureRoutes } from '../procedures/routes.ts';
import { patientRoutes } from './routes.ts';

/** Every route of patient care: patients, procedures, procedure types, statistics, maintenance. */
export function patientCareRoutes(deps: ApiDependencies): ApiRoutes[] {
  return [
    (router) => patientRoutes(router, deps),
    (router) => procedureRoutes(router, deps),
    (router) => procedureTypeRoutes(router, deps),
    (router) => adminMaintenanceRoutes(router, deps),
  ];
}
