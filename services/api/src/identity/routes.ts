import type { ApiRoutes } from '../app.ts';
import type { ApiDependencies } from '../dependencies.ts';
import { createIdentityServices } from './application/identity-services.ts';
import { accessKeyRoutes } from './http/access-key-routes.ts';
import { authRoutes } from './http/auth-routes.ts';
import { initializationRoutes } from './http/initialization-routes.ts';
import { userRoutes } from './http/user-routes.ts';

/**
 * The identity feature's `/api` routes: initialization, sign-in and sign-out, users, access
 * keys and the debug endpoint. Built once at start-up (which prints the setup token).
 */
export function identityRoutes(deps: ApiDependencies): ApiRoutes {
  const services = createIdentityServices(deps);
  return (router) => {
    initializationRoutes(router, services);
    authRoutes(router, services);
    userRoutes(router, services);
    accessKeyRoutes(router, services);
  };
}
