import type { z } from 'zod';
import { CurrentUserSchema, InitializationResultSchema } from '@bari/contracts';
import { abortableFetch } from './cleanup.ts';

export interface ApiResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export interface RequestOptions<T> {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Parses the answer (contracts' DTO schemas); without it the body is left as unknown JSON. */
  readonly schema?: z.ZodType<T, z.ZodTypeDef, unknown>;
  /** Statuses that count as success; any other throws, with the answer in the message. */
  readonly expect?: readonly number[];
}

/**
 * A signed-in API client as the web app is one: the session cookie, JSON bodies and our own
 * Origin on writes (the CSRF guard refuses anything else).
 */
export interface ApiClient {
  readonly baseUrl: string;
  /** `Cookie` header value for other load tools (autocannon). */
  readonly cookie: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>;
}

export function jsonHeaders(baseUrl: string, cookie: string): Record<string, string> {
  return { 'content-type': 'application/json', origin: new URL(baseUrl).origin, cookie };
}

async function send<T>(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const response = await abortableFetch(`${baseUrl}${path}`, {
    method,
    headers: { ...jsonHeaders(baseUrl, cookie), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = response.text;
  const expected = options.expect ?? [200, 201, 204];
  if (!expected.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  const json: unknown = text ? JSON.parse(text) : undefined;
  const body = options.schema ? options.schema.parse(json) : (json as T);
  return { status: response.status, headers: response.headers, body };
}

/** `name=value` of each Set-Cookie (the attributes are for browsers). */
function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!.trim())
    .join('; ');
}

/**
 * Initializes a fresh installation (`POST /api/initialize` answers the accounts' access keys)
 * and signs in as its administrator.
 */
export async function initializeAndSignIn(baseUrl: string): Promise<ApiClient> {
  const { body } = await send(baseUrl, '', 'POST', '/api/initialize', {
    body: {},
    schema: InitializationResultSchema,
    expect: [201],
  });
  // The administrator's account is the first one initialization creates.
  const admin = body.credentials[0];
  if (!admin) throw new Error('POST /api/initialize returned no credentials');
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: jsonHeaders(baseUrl, ''),
    body: JSON.stringify({ email: admin.email, accessKey: admin.accessKey }),
  });
  const answer: unknown = await login.json();
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(answer)}`);
  const user = CurrentUserSchema.parse(answer);
  if (!user.isAdmin)
    throw new Error(`the first initialization account (${user.email}) is not an administrator`);
  const cookie = cookieOf(login.headers);
  return {
    baseUrl,
    cookie,
    request: (method, path, options) => send(baseUrl, cookie, method, path, options),
  };
}
