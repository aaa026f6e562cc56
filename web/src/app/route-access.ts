import type { CurrentUser } from '@bari/contracts';

/** Who is looking, as far as the route guard cares (§2 Route guard, §6). */
export type Session = 'loading' | 'anonymous' | 'confined' | 'approved';

/** What the guard does with a path. */
export type RouteAccess =
  { kind: 'loading' } | { kind: 'render' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

/** Paths a visitor who is not signed in may open. */
export const PUBLIC_PATHS = ['/login', '/initialize', '/access-denied'] as const;
export const LOGIN_PATH = '/login';
export const ACCOUNT_PENDING_PATH = '/account-pending';
export const HOME_PATH = '/';

/** The session of a current-user answer: `null` is nobody; anything not approved is confined. */
export function sessionOf(user: Pick<CurrentUser, 'status'> | null | undefined, loading: boolean): Session {
  if (loading) return 'loading';
  if (!user) return 'anonymous';
  return user.status === 'approved' ? 'approved' : 'confined';
}

/**
 * The route guard of §2 as a pure function.
 * - loading: nothing but 'Carregando...' (no flash of a screen that is about to be replaced);
 * - anonymous: /login, /initialize, /access-denied; every other path falls back to /login;
 * - confined (pending or rejected): only /account-pending;
 * - approved: /login and /account-pending (approved since they were confined there) go to /,
 *   /access-denied is not one of theirs (404), the rest is the
 *   router's (approved routes or its 404). /initialize stays open to them — beyond the spec —
 *   because 'Inicialização Forçada' may be run with an administrator's session.
 */
export function routeAccess(pathname: string, session: Session): RouteAccess {
  const path = normalisePath(pathname);
  switch (session) {
    case 'loading':
      return { kind: 'loading' };
    case 'anonymous':
      return isPublic(path) ? { kind: 'render' } : { kind: 'redirect', to: LOGIN_PATH };
    case 'confined':
      return path === ACCOUNT_PENDING_PATH
        ? { kind: 'render' }
        : { kind: 'redirect', to: ACCOUNT_PENDING_PATH };
    case 'approved':
      if (path === LOGIN_PATH || path === ACCOUNT_PENDING_PATH) return { kind: 'redirect', to: HOME_PATH };
      if (path === '/access-denied') return { kind: 'not-found' };
      return { kind: 'render' };
    default: {
      const unknown: never = session;
      throw new Error(`unknown session ${String(unknown)}`);
    }
  }
}

function isPublic(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** '/login/' is '/login'; '' is '/'. */
function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
