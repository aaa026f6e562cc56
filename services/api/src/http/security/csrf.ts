import type { Middleware } from 'koa';
import { isApiPath } from '../api-routing.ts';
import { DomainError } from '../../shared/domain-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGES = {
  crossOrigin: 'Requisição de outra origem recusada.',
} as const;

/**
 * Cross-site request forgery defence for a same-origin app without CORS: a state-changing
 * request must declare a JSON body type (a cross-site HTML form or simple request cannot,
 * without a CORS preflight we never grant), and when the browser tells us where the request
 * comes from (`Origin`, `Sec-Fetch-Site`), that must be us. SameSite=Lax cookies add a
 * third layer.
 */
export function csrfProtection(): Middleware {
  return async function rejectCrossSiteWrites(ctx, next) {
    if (SAFE_METHODS.has(ctx.method) || !isApiPath(ctx.path.toLowerCase())) {
      return next();
    }
    const origin = ctx.get('Origin');
    // Our own origin from the Host header (and X-Forwarded-* only behind a trusted proxy);
    // not `ctx.origin`, which in Koa 3 may echo the request's Origin header.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    if (origin && origin !== ownOrigin)
      throw new DomainError('forbidden', CSRF_MESSAGES.crossOrigin, 'CROSS_ORIGIN');
    const fetchSite = ctx.get('Sec-Fetch-Site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new DomainError('forbidden', CSRF_MESSAGES.crossOrigin, 'CROSS_ORIGIN');
    }
    // `ctx.is` answers null for a body-less request; the header itself is what a forged
    // cross-site request cannot set without a preflight.
    // Media types compare regardless of case (RFC 9110); Koa gives the header's own spelling.
    if (ctx.request.type.toLowerCase() !== 'application/json') ctx.throw(415);
    await next();
  };
}
