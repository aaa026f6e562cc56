/**
 * The fetch semantics of spec §7–§8, free of React and Redux so they can be tested alone:
 * cookies always sent, a JSON content type only with a body, every non-ok answer turned into
 * an error whose message is '<status>: <response text or status text>'.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  url: string;
  method?: HttpMethod;
  /** Sent as JSON; `undefined` means no body and no content type. */
  body?: unknown;
  /**
   * A 401 is an error by default; 'returnNull' makes it `null` data instead (the
   * current-user query, where "no user" is an answer, not a failure).
   */
  on401?: 'throw' | 'returnNull';
  /** 'none' when the response body is not read (e.g. DELETE /api/patients/{id}). */
  responseType?: 'json' | 'none';
  /** JSON content type even without a body (§7: POST /api/initialize and /api/force-initialize). */
  forceJsonContentType?: boolean;
}

export interface ApiError {
  /** The HTTP status, or why no usable answer came back. */
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  /** For HTTP errors '<status>: <response text or status text>' (§8). */
  message: string;
  /** The error body parsed as JSON when it is JSON (e.g. `{message}`), else undefined. */
  data?: unknown;
}

export type ApiResult = { data: unknown } | { error: ApiError };

export interface SendOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Performs one call; never throws, so RTK Query's base query can return the result as is. */
export async function sendRequest(request: ApiRequest, options: SendOptions = {}): Promise<ApiResult> {
  const doFetch = options.fetch ?? fetch;
  const hasBody = request.body !== undefined;
  const headers: Record<string, string> =
    hasBody || request.forceJsonContentType ? { 'Content-Type': 'application/json' } : {};

  let response: Response;
  try {
    response = await doFetch(request.url, {
      method: request.method ?? 'GET',
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
    return {
      error: {
        status: response.status,
        message: `${response.status}: ${text || response.statusText}`,
        data: parseJson(text),
      },
    };
  }

  if (request.responseType === 'none') return { data: null };
  const text = await response.text();
  if (text === '') return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
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
