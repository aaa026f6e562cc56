import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';

/** The header a write's answer carries when the read models had not caught up with it in time. */
export const STALE_READ_MODELS_HEADER = 'X-Read-Models-Stale';

const requestScope = new AsyncLocalStorage<{ stale: boolean }>();

/**
 * Read-your-writes is bounded (`READ_YOUR_WRITES_TIMEOUT_MS`): a write whose read models did
 * not catch up in time still succeeds, and its answer says so, so the web can show what it
 * lists next as possibly outdated. The wait marks the request; this middleware, around the
 * routes, turns the mark into the header.
 */
export function readModelFreshness(): Middleware {
  return async function readModelFreshnessMiddleware(ctx, next) {
    const scope = { stale: false };
    await requestScope.run(scope, next);
    if (scope.stale) ctx.set(STALE_READ_MODELS_HEADER, 'true');
  };
}

/** Marks the current request's answer as given before its read models caught up. */
export function markReadModelsStale(): void {
  const scope = requestScope.getStore();
  if (scope) scope.stale = true;
}
