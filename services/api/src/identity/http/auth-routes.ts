import type Router from '@koa/router';
import { CurrentUserSchema, LoginRequestSchema, type CurrentUser } from '@bari/contracts';
import { requireSignedIn } from '../../http/auth/guards.ts';
import { throttledLogin } from '../../http/auth/login-throttle.ts';
import { AUTH_MESSAGES } from '../../http/auth/messages.ts';
import type { RequestState } from '../../http/request-state.ts';
import { respond, type Context } from '../../http/route-support.ts';
import { endSession, openSession } from '../../http/session/session-data.ts';
import { hashAccessKey } from '../access-key-secret.ts';
import { logIn, recordLoginLockout } from '../application/login.ts';
import type { IdentityServices } from '../application/identity-services.ts';
import { recordLogout } from '../application/users.ts';
import { InvalidCredentials } from '../errors.ts';
import { normalizeEmail } from '../email.ts';
import { metadataOf } from './http-support.ts';

/**
 * Sign-in and sign-out: `POST /api/auth/login`, `GET /api/auth/user`, `POST /api/auth/logout`,
 * and the browser navigations `GET /api/login` and `GET /api/logout`.
 */
export function authRoutes(router: Router<RequestState>, services: IdentityServices): void {
  const { deps, throttle } = services;

  router.post('/auth/login', async function login(ctx: Context) {
    const request = LoginRequestSchema.parse(ctx.request.body);
    const now = deps.now();
    const { session, user } = await throttledLogin(throttle, deps.logger, {
      ip: ctx.ip,
      email: request.email,
      keyCouldSignIn: () =>
        services.accessKeys.couldSignIn(hashAccessKey(request.accessKey), normalizeEmail(request.email), now),
      logIn: () =>
        logIn(services, {
          email: request.email,
          accessKey: request.accessKey,
          now,
          metadataFor: (user) => metadataOf(ctx, deps, user, now),
        }),
      isRefusal: (error) => error instanceof InvalidCredentials,
      recordLockout: () => recordLoginLockout(services, request.email, metadataOf(ctx, deps, null, now)),
    });
    await openSession(ctx, {
      userId: session.userId,
      accessKeyId: session.keyId,
      createdAt: now.getTime(),
      lastSeenAt: now.getTime(),
    });
    await services.sessions.deleteExpired();
    // From the decision, not the users read model: a lagging projection must not turn a
    // recorded login into a 404.
    const { id, email, firstName, lastName, status, isAdmin } = user;
    respond(ctx, CurrentUserSchema, { id, email, firstName, lastName, status, isAdmin });
  });

  router.get('/auth/user', requireSignedIn(), function currentUser(ctx: Context) {
    respond(ctx, CurrentUserSchema, ctx.state.user as CurrentUser);
  });

  /**
   * Ends the session (recording the logout); signed out already is not an error. A tab of
   * another user than the session's ends nothing: the session is the other user's.
   */
  const signOut = async (ctx: Context) => {
    if (ctx.state.otherTab) return;
    const user = ctx.state.user;
    try {
      if (user) await recordLogout(services, user, metadataOf(ctx, deps, user));
    } finally {
      endSession(ctx);
      ctx.state.user = undefined;
    }
  };

  router.post('/auth/logout', async function logout(ctx: Context) {
    await signOut(ctx);
    ctx.body = { message: AUTH_MESSAGES.loggedOut };
  });

  router.get('/login', function goToLogin(ctx: Context) {
    ctx.redirect('/login');
  });

  /**
   * A browser navigation, so the CSRF middleware (writes only) does not cover it. The
   * fetch-metadata rule instead: a request the browser marks as coming from another site
   * (`Sec-Fetch-Site: cross-site` or `same-site`) does not end the session — a link or image
   * elsewhere must not sign anyone out — but still lands on /login.
   */
  router.get('/logout', async function logoutAndGoToLogin(ctx: Context) {
    const fetchSite = ctx.get('Sec-Fetch-Site');
    if (fetchSite !== 'cross-site' && fetchSite !== 'same-site') await signOut(ctx);
    ctx.redirect('/login');
  });
}
