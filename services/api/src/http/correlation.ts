import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../shared/logger.ts';
import type { RequestState } from './request-state.ts';

// A caller-supplied id is kept only when it is short and plain, so it cannot forge log lines.
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request a correlation id (echoed as X-Request-Id) and logs one line per request. */
export function correlation(logger: Logger): Middleware<RequestState> {
  return async function correlateRequest(ctx, next) {
    const offered = ctx.get('X-Request-Id');
    ctx.state.correlationId = ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    ctx.set('X-Request-Id', ctx.state.correlationId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api') || ctx.status >= 400) {
        logger.info(
          {
            correlationId: ctx.state.correlationId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    }
  };
}
