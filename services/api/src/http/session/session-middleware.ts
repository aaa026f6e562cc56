import type Koa from 'koa';
import type { Middleware } from 'koa';
import createSession from 'koa-session';
import type { CurrentUser } from '@bari/contracts';
import type { ApiDependencies } from '../../dependencies.ts';
import type { RequestState } from '../request-state.ts';
import { isApiPath } from '../api-routing.ts';
import { endSession, readSession, touchSession } from './session-data.ts';
import { createSessionStore, newSessionId, sessionIdHash } from './session-store.ts';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from './session-timeouts.ts';

/**
 * Whether the call may act as the session's user: the web names the user its tab signed in as
 * (`X-Bari-User` on its calls, `asUser` on the links it opens: a report, the logout link; 'none'
 * once the tab knows nobody is signed in); after another user signed in in another tab of the
 * same browser, that tab's calls would otherwise be made, and audited, in the other user's
 * name. Calls naming none (other clients) are the session's.
 */
function actsAs(ctx: Koa.Context, userId: string): boolean {
  const named = ctx.get('X-Bari-User') || (typeof ctx.query.asUser === 'string' ? ctx.query.asUser : '');
  return named === '' || named.toLowerCase() === userId;
}

/** The cookie's name; `__Host-` (Secure, host-only, path /) when served over HTTPS. */
export const sessionCookieName = (https: boolean) => (https ? '__Host-bari.sid' : 'bari.sid');

/**
 * Sessions for `/api`: koa-session with its store in PostgreSQL; the signed-in user is read
 * from the users and access-keys read models in the same statement as the session (one
 * database round trip per signed-in request) into `ctx.state.user`. The session's last-seen
 * time is written at most once a minute (`SESSION_TOUCH_INTERVAL_MS`).
 *
 * - The cookie carries only a 256-bit random id (`genid`, not koa-session's UUID); HttpOnly,
 *   SameSite=Lax set explicitly, Secure with the `__Host-` prefix over HTTPS. It is not signed:
 *   an unguessable id that must exist in the store needs no signature, and none means no
 *   signing keys to manage.
 * - Idle (8 h) and absolute (24 h) timeouts are the store's, on the app's clock.
 * - A session whose user was deleted, or whose key was deactivated or expired, ends at its next request
 *   even if the routes that end sessions were bypassed (another process, a rebuild).
 */
export function sessionMiddleware(app: Koa<RequestState>, deps: ApiDependencies): Middleware<RequestState> {
  const store = createSessionStore(deps.pool, deps.now, deps.sessionCache);
  /** The user the store read with each request's session (same statement), for `loadCurrentUser`. */
  const sessionUsers = new WeakMap<object, CurrentUser | null>();
  const https = deps.config.HTTPS;
  const session = createSession(
    {
      key: sessionCookieName(https),
      maxAge: SESSION_ABSOLUTE_TIMEOUT_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
      signed: false,
      overwrite: true,
      rolling: false,
      renew: false,
      autoCommit: true,
      genid: newSessionId,
      store: {
        async get(sessionId, _maxAge, { ctx }) {
          const loaded = await store.load(sessionId);
          if (loaded) sessionUsers.set(ctx, loaded.user);
          return loaded?.data;
        },
        set: (sessionId, data: Record<string, unknown>) => store.set(sessionId, data),
        destroy: (sessionId) => store.destroy(sessionId),
      },
    },
    app,
  );

  const loadCurrentUser: Middleware<RequestState> = async function loadCurrentUser(ctx, next) {
    const signedIn = readSession(ctx);
    if (signedIn) {
      // Read with the session itself: no second round trip.
      const user = sessionUsers.get(ctx);
      if (!user || user.id !== signedIn.userId) {
        endSession(ctx);
      } else if (!actsAs(ctx, user.id)) {
        // A tab of someone else (the cookie is the browser's, shared by its tabs): this call is
        // not theirs to make in this session's name; the session itself goes on.
        ctx.state.otherTab = true;
      } else {
        ctx.state.user = user;
        ctx.state.accessKeyId = signedIn.accessKeyId;
        const sessionId = ctx.cookies.get(sessionCookieName(https));
        if (sessionId) ctx.state.sessionId = sessionIdHash(sessionId);
        const now = deps.now().getTime();
        if (now - signedIn.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) touchSession(ctx, now);
      }
    }
    await next();
  };

  return async function sessions(ctx, next) {
    if (!isApiPath(ctx.path)) return next();
    await session(ctx, () => loadCurrentUser(ctx, next));
  };
}
