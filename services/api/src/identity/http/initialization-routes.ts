import type Router from '@koa/router';
import { z } from 'zod';
import {
  ForceInitializationResultSchema,
  InitializationResultSchema,
  InitializationStatusSchema,
  InitializeRequestSchema,
} from '@bari/contracts';
import { isLoopback, isLoopbackHost } from '../../http/client-address.ts';
import { AUTH_MESSAGES } from '../../http/auth/messages.ts';
import type { RequestState } from '../../http/request-state.ts';
import { respond, type Context } from '../../http/route-support.ts';
import { DomainError } from '../../shared/domain-error.ts';
import { forceInitializeSystem, initializeSystem } from '../application/initialization.ts';
import type { IdentityServices } from '../application/identity-services.ts';
import { metadataOf } from './http-support.ts';

/** Headers a proxy adds: a request that went through one came from wherever the proxy serves. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;

/**
 * A request from this machine, to this machine: from its loopback and under a loopback name,
 * so that a web page whose name was rebound to 127.0.0.1 cannot initialize a fresh install
 * through the operator's browser; and not through a proxy, whatever TRUST_PROXY says (a proxy
 * on this machine that passes `Host: localhost`, left untrusted by mistake, would otherwise
 * open a fresh install to everyone it serves).
 */
const fromThisMachine = (ctx: Context): boolean =>
  isLoopback(ctx.ip) &&
  isLoopbackHost(ctx.hostname) &&
  FORWARDING_HEADERS.every((header) => ctx.get(header) === '');

/** The setup token may come in the body (`{ "setupToken": "…" }`) or as `X-Setup-Token`. */
const ForceInitializationRequestSchema = z.object({ setupToken: z.string().max(200).optional() }).default({});

/**
 * `POST /api/initialize` (anyone on the server's machine, others with the setup token; once,
 * while no user exists), `GET /api/initialization-status`
 * (anyone), `POST /api/force-initialize` (a signed-in approved administrator, or whoever holds
 * the one-time setup token from the server log; anyone else 403).
 */
export function initializationRoutes(router: Router<RequestState>, services: IdentityServices): void {
  const { deps } = services;

  /**
   * Anyone may initialize a fresh install from the server's own machine; from anywhere else
   * only with the setup token, so nobody on the network can take a new install first.
   */
  router.post('/initialize', async function initialize(ctx: Context) {
    const { setupToken } = InitializeRequestSchema.parse(ctx.request.body ?? {});
    let usedToken = false;
    if (!fromThisMachine(ctx)) {
      usedToken = services.setupToken.take(setupToken ?? (ctx.get('X-Setup-Token') || undefined));
      if (!usedToken)
        throw new DomainError(
          'forbidden',
          AUTH_MESSAGES.initializationFromAnotherComputer,
          'SETUP_TOKEN_REQUIRED',
        );
    }
    const now = deps.now();
    try {
      const result = await initializeSystem(services, metadataOf(ctx, deps, null, now), now);
      respond(ctx, InitializationResultSchema, result, 201);
    } catch (error) {
      if (usedToken) services.setupToken.giveBack();
      throw error;
    }
  });

  router.get('/initialization-status', async function initializationStatus(ctx: Context) {
    const status = await services.initialization.status();
    const accounts = status.isInitialized
      ? undefined
      : services.defaultAccounts.map(({ description, email }) => ({ description, email }));
    const setupTokenRequired = status.isInitialized ? undefined : !fromThisMachine(ctx);
    respond(ctx, InitializationStatusSchema, { ...status, accounts, setupTokenRequired });
  });

  router.post('/force-initialize', async function forceInitialize(ctx: Context) {
    const { setupToken } = ForceInitializationRequestSchema.parse(ctx.request.body ?? {});
    const user = ctx.state.user;
    const isAdministrator = user?.status === 'approved' && user.isAdmin;
    const presented = setupToken ?? (ctx.get('X-Setup-Token') || undefined);
    const usedToken = !isAdministrator && services.setupToken.take(presented);
    if (!isAdministrator && !usedToken) {
      throw new DomainError('forbidden', AUTH_MESSAGES.forceInitializationForbidden, 'SETUP_TOKEN_REQUIRED');
    }
    const now = deps.now();
    try {
      const result = await forceInitializeSystem(
        services,
        metadataOf(ctx, deps, isAdministrator && user ? user : null, now),
        now,
        isAdministrator ? (ctx.state.accessKeyId ?? null) : null,
      );
      respond(ctx, ForceInitializationResultSchema, result);
    } catch (error) {
      if (usedToken) services.setupToken.giveBack();
      throw error;
    }
  });
}
