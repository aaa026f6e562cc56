/**
 * Who this tab is signed in as, as its last answer of `/api/auth/user` (or its login) said.
 * Sent with every call (`X-Bari-User`): the session cookie is the browser's, shared by its tabs,
 * so after someone else signs in in another tab this tab's calls would act in their name. The
 * server refuses a call whose user is not the session's (401), and the tab signs in again
 * (`session-recovery.ts`) or leaves for the login screen.
 */
let userId: string | null = null;

export const tabUser = {
  get: (): string | null => userId,
  set(id: string | null): void {
    userId = id;
  },
};

/** The calls that establish or end who is signed in: they never carry the tab's user. */
const IDENTITY_URLS: ReadonlySet<string> = new Set(['/api/auth/user', '/api/auth/login', '/api/auth/logout']);

/** The `X-Bari-User` a call carries, if any. */
export function tabUserHeader(url: string): Record<string, string> {
  const id = tabUser.get();
  return id !== null && !IDENTITY_URLS.has(url) ? { 'X-Bari-User': id } : {};
}
