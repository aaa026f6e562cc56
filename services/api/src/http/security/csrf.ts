import type { Middleware } from 'koa';
import { isApiPath } from '../api-routing.ts';
import { DomainError } from '../../shared/domain-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGES = {
  crossOrigin: 'Requisição de outra origem recusada.',
} as const;

/** API reads a link from anywhere may reach: they only redirect (`/api/logout` then signs out only our own pages' requests). */
const LINK_TARGETS = new Set(['/api/login', '/api/logout']);

/** Where the browser says the request comes from: another site, or (no header) it does not say. */
function fromAnotherSite(fetchSite: string): boolean {
  return fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/**
 * Cross-site request forgery defence for a same-origin app without CORS: a state-changing
 * request must declare a JSON body type (a cross-site HTML form or simple request cannot,
 * without a CORS preflight we never grant), and when the browser tells us where the request
 * comes from (`Origin`, `Sec-Fetch-Site`), that must be us. SameSite=Lax cookies add a
 * third layer. Reads of the API are refused from another site too: a link or image elsewhere
 * would otherwise be recorded as the signed-in user's access to a patient (VIEW_PATIENT), a
 * search or a report, which that user never made.
 */
export function csrfProtection(): Middleware {
  return async function rejectCrossSiteRequests(ctx, next) {
    const path = ctx.path.toLowerCase();
    if (!isApiPath(path)) return next();
    if (SAFE_METHODS.has(ctx.method)) {
      if (fromAnotherSite(ctx.get('Sec-Fetch-Site')) && !LINK_TARGETS.has(path))
        throw new DomainError('forbidden', CSRF_MESSAGES.crossOrigin, 'CROSS_ORIGIN');
      return next();
    }
    const origin = ctx.get('Origin');
    // Our own origin from the Host header (and X-Forwarded-* only behind a trusted proxy);
    // not `ctx.origin`, which in Koa 3 may echo the request's Origin header.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    if (origin && origin !== ownOrigin)
      throw new DomainError('forbidden', CSRF_MESSAGES.crossOrigin, 'CROSS_ORIGIN');
    if (fromAnotherSite(ctx.get('Sec-Fetch-Site'))) {
      throw new DomainError('forbidden', CSRF_MESSAGES.crossOrigin, 'CROSS_ORIGIN');
    }
    // `ctx.is` answers null for a body-less request; the header itself is what a forged
    // cross-site request cannot set without a preflight.
    // Media types compare regardless of case (RFC 9110); Koa gives the header's own spelling.
    if (ctx.request.type.toLowerCase() !== 'application/json') ctx.throw(415);
    await next();
  };
}
