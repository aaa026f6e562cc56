import type { Middleware } from 'koa';
import { isApiPath } from '../api-routing.ts';

/** API answers carry patient and user data: no browser or proxy may keep a copy. */
export function noStoreForApi(): Middleware {
  return async function noStore(ctx, next) {
    if (isApiPath(ctx.path.toLowerCase())) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
    }
    await next();
  };
}
