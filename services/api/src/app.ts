import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { normalizeContentEncoding } from './http/content-encoding.ts';
import { requireObjectBody } from './http/json-body-shape.ts';
import { requireUtf8Body } from './http/utf8-body.ts';
import { readModelFreshness } from './http/read-model-freshness.ts';
import type { Logger } from './shared/logger.ts';
import { errorHandler } from './http/error-handler.ts';
import { correlation } from './http/correlation.ts';
import { healthRoutes, type Readiness } from './http/health-routes.ts';
import { staticWeb } from './http/static-web.ts';
import { NotFound } from './shared/domain-error.ts';
import {
  isMiscasedApiPath,
  unmatchedApiRoute,
  unmatchedRequest,
  ROUTING_MESSAGES,
  UNMATCHED_ROUTE_NAME,
} from './http/api-routing.ts';
import { securityHeaders } from './http/security/security-headers.ts';
import { noStoreForApi } from './http/security/no-store.ts';
import { csrfProtection } from './http/security/csrf.ts';
import type { RequestState } from './http/request-state.ts';
import { installPortugueseValidationMessages } from '@bari/contracts';

/** Registers a feature's routes on the `/api` router. */
export type ApiRoutes = (router: Router<RequestState>) => void;

export interface AppOptions {
  readonly logger: Logger;
  readonly bodyLimit: string;
  readonly trustProxy: boolean;
  /** With `trustProxy`: proxies that append to X-Forwarded-For (Koa `maxIpsCount`). */
  readonly proxyHops?: number;
  /** Served over HTTPS: HSTS and upgrade-insecure-requests. */
  readonly https: boolean;
  readonly webDist: string;
  readonly checkReadiness: () => Promise<Readiness>;
  readonly routes: readonly ApiRoutes[];
  /**
   * Session middleware (cookie + server-side store, loads `ctx.state.user`), placed after the
   * body parser and before the routes. It needs the app itself (koa-session extends its context).
   */
  readonly session?: (app: Koa<RequestState>) => Middleware<RequestState>;
}

/** Builds the Koa app without listening, so tests drive it in-process over real HTTP. */
export function buildApp(options: AppOptions): Koa<RequestState> {
  // Field errors in 400 responses speak Portuguese, whichever schema produced them.
  installPortugueseValidationMessages();
  const app = new Koa<RequestState>();
  app.proxy = options.trustProxy;
  app.maxIpsCount = options.proxyHops ?? 1;
  // Errors are logged once, by the error handler; Koa's default would print them again.
  app.silent = true;

  // Case-sensitive: `/API/...` is not the API (and `refuseMiscasedApiPaths` answers it 404).
  const api = new Router<RequestState>({ prefix: '/api', sensitive: true });
  for (const register of options.routes) register(api);
  api.all(UNMATCHED_ROUTE_NAME, '/{*rest}', unmatchedApiRoute(api));

  const root = new Router<RequestState>({ sensitive: true });
  healthRoutes(root as unknown as Router, options.checkReadiness);

  app.use(correlation(options.logger));
  app.use(errorHandler(options.logger));
  app.use(securityHeaders({ https: options.https }));
  app.use(noStoreForApi());
  app.use(refuseMiscasedApiPaths());
  app.use(csrfProtection());
  app.use(readModelFreshness());
  app.use(normalizeContentEncoding());
  // DELETE too (the parser's default is POST, PUT and PATCH): a patient's deletion sends its reason.
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: options.bodyLimit,
      jsonStrict: true,
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  );
  app.use(requireObjectBody());
  app.use(requireUtf8Body());
  if (options.session) app.use(options.session(app));
  app.use(root.routes());
  app.use(api.routes());
  app.use(staticWeb(options.webDist));
  app.use(unmatchedRequest());
  return app;
}

/** `/API/...` and other spellings of `/api`: 404 at once, before any middleware or route. */
function refuseMiscasedApiPaths(): Middleware<RequestState> {
  return async function refuseMiscasedApiPath(ctx, next) {
    if (isMiscasedApiPath(ctx.path)) throw new NotFound(ROUTING_MESSAGES.routeNotFound);
    await next();
  };
}
