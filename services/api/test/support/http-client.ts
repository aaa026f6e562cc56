import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@bari/contracts';
import type { TestApp } from './test-app.ts';

/** An answer, its JSON body parsed when there is one. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  /**
   * The parsed JSON body (undefined when empty or not JSON). `any` on purpose: tests assert
   * on shapes with `expect(...)`, and typing every answer would only add casts.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  readonly text: string;
}

export interface RequestOptions {
  /** Extra headers; they replace the defaults (`Content-Type`, `Origin`) of the same name. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as is instead of `JSON.stringify(body)` (malformed JSON tests). */
  readonly rawBody?: string;
}

/** A browser-like client: keeps the cookies the app sets and sends them back. */
export interface TestClient {
  readonly baseUrl: string;
  get(path: string, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  /** A body only when given (a patient's deletion sends `{reason}`). */
  delete(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  /** The cookies held now, by name. */
  readonly cookies: Map<string, string>;
  /** The `Cookie` header the next request will send. */
  cookieHeader(): string;
}

/**
 * A tiny cookie-keeping HTTP client for API tests. Writes (POST/PATCH/DELETE) carry
 * `Content-Type: application/json` and `Origin: <baseUrl>` like the web app's requests, a
 * body only when one is given. Redirects are not followed (their `Location` is asserted).
 */
export function createClient(baseUrl: string): TestClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const send = async (
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse> => {
    const write = method !== 'GET' && method !== 'HEAD';
    const headers: Record<string, string> = {
      ...(write ? { 'Content-Type': 'application/json', Origin: baseUrl } : {}),
      ...(cookies.size > 0 ? { Cookie: cookieHeader() } : {}),
      ...options.headers,
    };
    const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    const response = await fetch(baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) keepCookie(cookies, setCookie);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  return {
    baseUrl,
    cookies,
    cookieHeader,
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    patch: (path, body, options) => send('PATCH', path, body, options),
    delete: (path, body, options) => send('DELETE', path, body, options),
  };
}

/** Stores or, for an emptied or expired cookie, forgets one `Set-Cookie`. */
function keepCookie(cookies: Map<string, string>, setCookie: string): void {
  const [pair = '', ...attributes] = setCookie.split(';');
  const separator = pair.indexOf('=');
  const name = pair.slice(0, separator).trim();
  const value = pair.slice(separator + 1).trim();
  const expired = attributes.some((attribute) => {
    const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
    if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
    return false;
  });
  if (!value || expired) cookies.delete(name);
  else cookies.set(name, value);
}

export type Role = 'admin' | 'approved' | 'pending' | 'rejected';

export interface SignedIn {
  /** A client holding the session cookie. */
  readonly client: TestClient;
  /** What `GET /api/auth/user` answers for it. */
  readonly user: CurrentUser;
  readonly email: string;
  /** The access key the user signed in with (a bound key). */
  readonly accessKey: string;
}

export interface SignInOptions {
  /** The email to use (a fresh unique one by default). Ignored for 'admin'. */
  readonly email?: string;
}

interface Credentials {
  readonly email: string;
  readonly accessKey: string;
}

const administrators = new WeakMap<TestApp, Credentials>();

/**
 * Signs a new client in as a user of the given role, through the real endpoints only:
 * - 'admin': the default administrator (the first call initializes the system through
 *   `POST /api/initialize`, later calls reuse its key);
 * - 'approved': a user created by the administrator, with a key bound to them;
 * - 'pending': a registration requested with an invitation (unbound) key;
 * - 'rejected': such a registration, rejected by the administrator, signed in again.
 * Every call but 'admin' creates a new user with a unique email.
 */
export async function signInAs(app: TestApp, role: Role, options: SignInOptions = {}): Promise<SignedIn> {
  const admin = await administratorCredentials(app);
  if (role === 'admin') return logIn(app, admin);

  const adminClient = (await logIn(app, admin)).client;
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@teste.sus.gov.br`;
  if (role === 'approved') {
    const created = await expectOk(
      adminClient.post('/api/users', { email, firstName: 'Usuária', lastName: 'Aprovada', isAdmin: false }),
      'create the user',
    );
    const key = await expectOk(
      adminClient.post('/api/access-keys', { description: `Chave de ${email}`, userId: created.body.id }),
      'issue a bound key',
    );
    return logIn(app, { email, accessKey: key.body.key as string });
  }

  const invitation = await expectOk(
    adminClient.post('/api/access-keys', { description: `Convite de ${email}` }),
    'issue an invitation key',
  );
  const credentials = { email, accessKey: invitation.body.key as string };
  const pending = await logIn(app, credentials);
  if (role === 'pending') return pending;

  await expectOk(
    adminClient.patch(`/api/users/${pending.user.id}/status`, { status: 'rejected' }),
    'reject the user',
  );
  return logIn(app, credentials);
}

/** Logs a fresh client in with these credentials; throws unless the login succeeds. */
export async function logIn(app: Pick<TestApp, 'baseUrl'>, credentials: Credentials): Promise<SignedIn> {
  const client = createClient(app.baseUrl);
  await expectOk(client.post('/api/auth/login', credentials), `log in as ${credentials.email}`);
  const me = await expectOk(client.get('/api/auth/user'), 'read the current user');
  return { client, user: me.body as CurrentUser, email: credentials.email, accessKey: credentials.accessKey };
}

/**
 * Tells `signInAs` which administrator to act as, for a test that initialized the system
 * itself (`/api/initialize` or `/api/force-initialize`) before calling it.
 */
export function rememberAdministrator(app: TestApp, credentials: Credentials): void {
  administrators.set(app, { email: credentials.email, accessKey: credentials.accessKey });
}

/** The default administrator's credentials, initializing the system on first use. */
export async function administratorCredentials(app: TestApp): Promise<Credentials> {
  const known = administrators.get(app);
  if (known) return known;
  const response = await createClient(app.baseUrl).post('/api/initialize');
  if (response.status !== 201) {
    throw new Error(
      `signInAs could not initialize the system (${response.status} ${response.text}); ` +
        'call it before initializing the system yourself, or pass those credentials to rememberAdministrator',
    );
  }
  const credentials = response.body.credentials as { email: string; accessKey: string }[];
  const first = credentials[0];
  if (!first) throw new Error('POST /api/initialize returned no credentials');
  const admin = { email: first.email, accessKey: first.accessKey };
  administrators.set(app, admin);
  return admin;
}

async function expectOk(pending: Promise<TestResponse>, what: string): Promise<TestResponse> {
  const response = await pending;
  if (response.status >= 300) throw new Error(`Could not ${what}: ${response.status} ${response.text}`);
  return response;
}
