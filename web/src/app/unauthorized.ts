import type { ApiError } from './http-client.ts';

/** §9: the browser leaves for the login endpoint this long after the toast. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const LOGIN_NAVIGATION_URL = '/api/login';

/**
 * §8: an error beginning '401: ' and containing 'Unauthorized' means the session is gone; so
 * does the code `UNAUTHENTICATED`, whatever its message says. Not `ADMINISTRATION_REVOKED` (another
 * administrator ended this one's session while the request ran): that refusal is shown as it is.
 */
export function isUnauthorizedError(error: Pick<ApiError, 'message' | 'code'>): boolean {
  return error.code === 'UNAUTHENTICATED' || /^401: .*Unauthorized/s.test(error.message);
}

export interface UnauthorizedHandlerDeps {
  /** Shows the destructive 'Unauthorized' toast. */
  notify: () => void;
  /** Sends the browser to the login endpoint. */
  redirect: (url: string) => void;
  schedule?: (callback: () => void, delayMs: number) => unknown;
}

/**
 * Builds the reaction to a lost session: toast, then the redirect after 500 ms. Several
 * queries failing together toast and redirect once.
 * @returns whether the error was an unauthorized one.
 */
export function createUnauthorizedHandler({
  notify,
  redirect,
  schedule = setTimeout,
}: UnauthorizedHandlerDeps): (error: ApiError) => boolean {
  let redirecting = false;
  return function handleUnauthorized(error) {
    if (!isUnauthorizedError(error)) return false;
    if (redirecting) return true;
    redirecting = true;
    notify();
    schedule(() => redirect(LOGIN_NAVIGATION_URL), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return true;
  };
}
