import type { Middleware } from 'koa';

/** API answers carry patient and user data: no browser or proxy may keep a copy. */
export function noStoreForApi(): Middleware {
  return async function noStore(ctx, next) {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
    }
    await next();
  };
}
