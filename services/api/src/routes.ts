import type { ApiRoutes } from './app.ts';
import type { ApiDependencies } from './dependencies.ts';
import { patientCareRoutes } from './patients/feature-routes.ts';
import { identityRoutes } from './identity/routes.ts';

/** Every feature's `/api` routes. A feature adds one line here. */
export function apiRoutes(deps: ApiDependencies): ApiRoutes[] {
  return [identityRoutes(deps), ...patientCareRoutes(deps)];
}
