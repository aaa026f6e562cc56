import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { DomainError, NotFound } from '../shared/domain-error.ts';
import type { RequestState } from './request-state.ts';

export const ROUTING_MESSAGES = {
  routeNotFound: 'Rota não encontrada',
  methodNotAllowed: 'Método não permitido para esta rota.',
} as const;

/**
 * Whether the path is under `/api`. Routing is case-sensitive, and every middleware that
 * treats `/api` specially (sessions, CSRF, no-store) asks this one question, so `/API/...`
 * can never be routed past a check that did not recognise it.
 */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** `/API/...`, `/Api`: the API under another spelling, answered 404 before anything else sees it. */
export const isMiscasedApiPath = (path: string): boolean => !isApiPath(path) && isApiPath(path.toLowerCase());

export const UNMATCHED_ROUTE_NAME = 'unmatched-api-route';

/**
 * The last `/api` route (registered under `UNMATCHED_ROUTE_NAME`): a path no route has is a 404; a path some route has, with a method
 * none of them takes, is a 405 listing the methods it does take in `Allow` (OPTIONS: 204).
 */
export function unmatchedApiRoute(api: Router<RequestState>): Router.Middleware<RequestState> {
  return function unmatchedRoute(ctx) {
    const allowed = new Set<string>();
    for (const layer of api.match(ctx.path, ctx.method).path) {
      // The catch-all itself (every method) names no real route.
      if (layer.methods.length > 0 && layer.name !== UNMATCHED_ROUTE_NAME) {
        for (const method of layer.methods) allowed.add(method);
      }
    }
    if (allowed.size === 0) throw new NotFound(ROUTING_MESSAGES.routeNotFound);
    const allow = [...allowed, 'OPTIONS'].join(', ');
    ctx.set('Allow', allow);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    throw new DomainError('method_not_allowed', ROUTING_MESSAGES.methodNotAllowed);
  };
}

/**
 * The last middleware: what no route and no file answered. `/api` itself is a 404 as any path
 * under it; elsewhere only the web app's pages are served, for GET and HEAD: another method is
 * a 405. Both in JSON with their code, never Koa's bare English 'Not Found'.
 */
export function unmatchedRequest(): Middleware<RequestState> {
  return function unmatched(ctx) {
    if (isApiPath(ctx.path)) throw new NotFound(ROUTING_MESSAGES.routeNotFound);
    ctx.set('Allow', 'GET, HEAD, OPTIONS');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    throw new DomainError('method_not_allowed', ROUTING_MESSAGES.methodNotAllowed);
  };
}
