import type { Middleware } from 'koa';
import type { Logger } from '../shared/logger.ts';
import { toErrorResponse } from './error-response.ts';
import type { RequestState } from './request-state.ts';

/**
 * The one outer error handler: formats every error the same way, and logs unexpected ones
 * (with their stack and the request's correlation id) without sending internals to the client.
 */
export function errorHandler(logger: Logger): Middleware<RequestState> {
  return async function handleErrors(ctx, next) {
    try {
      await next();
    } catch (error) {
      const response = toErrorResponse(error, ctx.state.correlationId);
      if (response.unexpected) {
        logger.error(
          { err: error, correlationId: ctx.state.correlationId, method: ctx.method, path: ctx.path },
          'unexpected error',
        );
      }
      ctx.status = response.status;
      if (response.retryAfterSeconds !== undefined)
        ctx.set('Retry-After', String(response.retryAfterSeconds));
      ctx.body = response.body;
    }
  };
}
