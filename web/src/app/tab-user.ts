/**
 * Who this tab is signed in as, as its last answer of `/api/auth/user` (or its login) said:
 * unknown until then, or nobody. Sent with every call (`X-Bari-User`) and on the links the tab
 * opens (`asUser`): the session cookie is the browser's, shared by its tabs, so after someone
 * else signs in in another tab this tab's calls would act in their name. The server answers a
 * call made for another user than the session's as signed out (401), and the tab signs in
 * again (`session-recovery.ts`) or reloads as whoever is signed in now.
 */
let known: { readonly userId: string | null } | undefined;

/** What a tab that knows nobody is signed in names (a session opened elsewhere is not its). */
const NOBODY = 'none';

export const tabUser = {
  /** The user's id; null for nobody; undefined while the tab does not know yet. */
  get: (): string | null | undefined => known?.userId,
  set(userId: string | null): void {
    known = { userId };
  },
  /** Back to unknown (tests). */
  forget(): void {
    known = undefined;
  },
};

const tabUserValue = (): string | undefined => {
  const userId = tabUser.get();
  return userId === undefined ? undefined : (userId ?? NOBODY);
};

/** The calls that say who is signed in: they never carry the tab's user. */
const IDENTITY_URLS: ReadonlySet<string> = new Set(['/api/auth/user', '/api/auth/login']);

/** The `X-Bari-User` a call carries, if any. */
export function tabUserHeader(url: string): Record<string, string> {
  const value = tabUserValue();
  return value !== undefined && !IDENTITY_URLS.has(url) ? { 'X-Bari-User': value } : {};
}

/** The `asUser` query parameter of a link the tab opens (a report, the logout link). */
export function tabUserParam(): { asUser?: string } {
  const value = tabUserValue();
  return value === undefined ? {} : { asUser: value };
}

/** A same-origin link with the tab's user on it (`asUser`), for a navigation that acts. */
export function withTabUser(url: string): string {
  const { asUser } = tabUserParam();
  if (asUser === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}asUser=${encodeURIComponent(asUser)}`;
}
