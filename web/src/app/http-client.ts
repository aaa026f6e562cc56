import { ErrorCodeSchema, type ErrorCode } from '@bari/contracts';

/**
 * The fetch semantics of spec §7–§8, free of React and Redux so they can be tested alone:
 * cookies always sent, every non-ok answer turned into an error whose message is
 * '<status>: <response text or status text>'. A JSON content type goes with every body and,
 * beyond the spec, with every state-changing request even without one: the server refuses
 * writes of any other type (415) as its CSRF defence.
 */
import { noteWriteAnswer } from './read-model-freshness.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  url: string;
  method?: HttpMethod;
  /** Sent as JSON; `undefined` means no body and no content type. */
  body?: unknown;
  /**
   * A 401 is an error by default, and a lost session (see `session-recovery.ts`);
   * 'returnNull' makes it `null` data instead (the current-user query, where "no user" is an
   * answer, not a failure); 'refusal' leaves it an error that is this call's own answer, never
   * a lost session (the login: the sign-in dialog's own call must not wait on that dialog).
   */
  on401?: 'throw' | 'returnNull' | 'refusal';
  /** 'none' when the response body is not read (e.g. DELETE /api/patients/{id}). */
  responseType?: 'json' | 'none';
  /**
   * `Idempotency-Key` (a `createRetryKey` of the form's): a retry of the same write is answered
   * with what the first one wrote.
   */
  idempotencyKey?: string;
  /**
   * JSON content type even without a body. Writes (anything but GET) always carry it; this
   * is for a GET that would need it, and documents the intent of §7's initialization calls.
   */
  forceJsonContentType?: boolean;
  /**
   * Response headers the caller needs (e.g. 'X-Total-Count' of a paged list); their values
   * come back in the result's `meta.headers`, keyed by the names given here.
   */
  responseHeaders?: readonly string[];
}

export interface ApiError {
  /** The HTTP status, or why no usable answer came back. */
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  /** For HTTP errors '<status>: <response text or status text>' (§8). */
  message: string;
  /** The error body parsed as JSON when it is JSON (e.g. `{code, message}`), else undefined. */
  data?: unknown;
  /** The body's machine `code` (contracts' `ErrorCodeSchema`) when it has one: decide by it, never by the message. */
  code?: ErrorCode;
}

/** What a successful call reports besides its body, when asked for (`responseHeaders`). */
export interface ApiResponseMeta {
  /** Each requested header's value, or null when the response did not carry it. */
  headers: Record<string, string | null>;
}

export type ApiResult = { data: unknown; meta?: ApiResponseMeta } | { error: ApiError };

export interface SendOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Headers every call of the app carries (`X-Bari-User`: `tab-user.ts`). */
  headers?: Record<string, string>;
}

/** Performs one call; never throws, so RTK Query's base query can return the result as is. */
export async function sendRequest(request: ApiRequest, options: SendOptions = {}): Promise<ApiResult> {
  const doFetch = options.fetch ?? fetch;
  const method = request.method ?? 'GET';
  const hasBody = request.body !== undefined;
  const headers: Record<string, string> = {
    ...options.headers,
    ...(hasBody || method !== 'GET' || request.forceJsonContentType
      ? { 'Content-Type': 'application/json' }
      : {}),
  };
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;

  let response: Response;
  try {
    response = await doFetch(request.url, {
      method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', message: errorMessage(error) } };
  }

  if (response.status === 401 && request.on401 === 'returnNull') return { data: null };

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const data = parseJson(text);
    const code = errorCodeOf(data);
    return {
      error: {
        status: response.status,
        message: `${response.status}: ${text || response.statusText}`,
        data,
        ...(code ? { code } : {}),
      },
    };
  }

  if (method !== 'GET') noteWriteAnswer(response.headers);
  const meta = request.responseHeaders ? { meta: readHeaders(response, request.responseHeaders) } : {};
  if (request.responseType === 'none') return { data: null, ...meta };
  const text = await response.text();
  if (text === '') return { data: null, ...meta };
  try {
    return { data: JSON.parse(text) as unknown, ...meta };
  } catch (error) {
    return { error: { status: 'PARSE_ERROR', message: errorMessage(error), data: text } };
  }
}

/** True for the errors `sendRequest` produces (as thrown by RTK Query's `unwrap()`). */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { status, message } = value as Record<string, unknown>;
  return (typeof status === 'number' || typeof status === 'string') && typeof message === 'string';
}

/** The `message` field of an error body such as `{"message": "..."}`, when there is one. */
export function serverMessage(error: ApiError): string | undefined {
  const { data } = error;
  if (typeof data !== 'object' || data === null) return undefined;
  const { message } = data as Record<string, unknown>;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The `code` of an error body such as `{"code": "DUPLICATE_CPF", ...}`, when it is one we know. */
function errorCodeOf(data: unknown): ErrorCode | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const parsed = ErrorCodeSchema.safeParse((data as Record<string, unknown>).code);
  return parsed.success ? parsed.data : undefined;
}

function readHeaders(response: Response, names: readonly string[]): ApiResponseMeta {
  return { headers: Object.fromEntries(names.map((name) => [name, response.headers.get(name)])) };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The description of an error toast (§8): the server's `message` when it sent one, else the
 * screen's own fallback. Takes what `unwrap()` throws, which may be anything.
 */
export function messageOrFallback(error: unknown, fallback: string): string {
  return (isApiError(error) ? serverMessage(error) : undefined) ?? fallback;
}

/** True when a query's error is a refusal with one of these codes (e.g. 'DUPLICATE_CPF'). */
export function hasCode(error: unknown, ...codes: readonly ErrorCode[]): boolean {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}

/** True when a query's error is an HTTP answer with this status (e.g. 403 → 'Acesso Restrito'). */
export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.status === status;
}
