import type { ApiRoutes } from './app.ts';
import type { ApiDependencies } from './dependencies.ts';

/** Every feature's `/api` routes. A feature adds one line here. */
export function apiRoutes(_deps: ApiDependencies): ApiRoutes[] {
  return [];
}
