import { describe, expect, it, vi } from 'vitest';
import {
  hasCode,
  hasStatus,
  isApiError,
  messageOrFallback,
  sendRequest,
  serverMessage,
  type ApiError,
} from './http-client.ts';

function fakeFetch(response: Response | Error) {
  return vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

function sentInit(fetchMock: ReturnType<typeof fakeFetch>): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (!init) throw new Error('fetch was not called with options');
  return init;
}

describe('sendRequest', () => {
  it('sends a GET with cookies, no body and no content type', async () => {
    const fetchMock = fakeFetch(Response.json([{ id: 'p1' }]));

    const result = await sendRequest({ url: '/api/patients' }, { fetch: fetchMock });

    expect(result).toEqual({ data: [{ id: 'p1' }] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/patients');
    expect(sentInit(fetchMock)).toMatchObject({ method: 'GET', credentials: 'include', headers: {} });
    expect(sentInit(fetchMock).body).toBeUndefined();
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const fetchMock = fakeFetch(Response.json({ ok: true }));

    await sendRequest(
      { url: '/api/auth/login', method: 'POST', body: { email: 'a@b.c', accessKey: 'k' } },
      { fetch: fetchMock },
    );

    expect(sentInit(fetchMock)).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.c","accessKey":"k"}',
    });
  });

  it("sends a write's Idempotency-Key when it has one", async () => {
    const fetchMock = fakeFetch(Response.json({ id: 'p1' }, { status: 201 }));

    await sendRequest(
      { url: '/api/patients', method: 'POST', body: { name: 'Ana' }, idempotencyKey: 'k-1' },
      { fetch: fetchMock },
    );

    expect(sentInit(fetchMock).headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k-1',
    });
  });

  it("sends the app's headers with every call (the tab's user)", async () => {
    const fetchMock = fakeFetch(Response.json({ id: 'p1' }, { status: 201 }));

    await sendRequest(
      { url: '/api/patients', method: 'POST', body: { name: 'Ana' } },
      { fetch: fetchMock, headers: { 'X-Bari-User': 'u-1' } },
    );

    expect(sentInit(fetchMock).headers).toEqual({ 'X-Bari-User': 'u-1', 'Content-Type': 'application/json' });
  });

  it('sends a JSON content type on every write, even without a body (the server refuses others)', async () => {
    const fetchMock = fakeFetch(new Response(null, { status: 204 }));

    const result = await sendRequest({ url: '/api/auth/logout', method: 'POST' }, { fetch: fetchMock });

    expect(sentInit(fetchMock).headers).toEqual({ 'Content-Type': 'application/json' });
    expect(sentInit(fetchMock).body).toBeUndefined();
    expect(result).toEqual({ data: null });
  });

  it('sends a JSON content type without a body when asked to (initialization)', async () => {
    const fetchMock = fakeFetch(Response.json({ credentials: [] }));

    await sendRequest(
      { url: '/api/initialize', method: 'POST', forceJsonContentType: true },
      { fetch: fetchMock },
    );

    expect(sentInit(fetchMock).headers).toEqual({ 'Content-Type': 'application/json' });
    expect(sentInit(fetchMock).body).toBeUndefined();
  });

  it('turns a non-ok answer into "<status>: <response text>" and keeps a JSON body', async () => {
    const body = '{"message":"Email ou chave de acesso inválidos"}';
    const fetchMock = fakeFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));

    const result = await sendRequest(
      { url: '/api/auth/login', method: 'POST', body: {} },
      { fetch: fetchMock },
    );

    expect(result).toEqual({
      error: {
        status: 401,
        message: `401: ${body}`,
        data: { message: 'Email ou chave de acesso inválidos' },
      },
    });
  });

  it('uses the status text when the error body is empty', async () => {
    const fetchMock = fakeFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));

    const result = await sendRequest({ url: '/api/statistics' }, { fetch: fetchMock });

    expect(result).toEqual({ error: { status: 503, message: '503: Service Unavailable', data: undefined } });
  });

  it('keeps a plain-text error body as the message and no data', async () => {
    const fetchMock = fakeFetch(new Response('Internal Server Error', { status: 500 }));

    const result = await sendRequest({ url: '/api/patients' }, { fetch: fetchMock });

    expect(result).toEqual({
      error: { status: 500, message: '500: Internal Server Error', data: undefined },
    });
  });

  it('fails on a 401 by default', async () => {
    const fetchMock = fakeFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));

    const result = await sendRequest({ url: '/api/auth/user' }, { fetch: fetchMock });

    expect(result).toMatchObject({ error: { status: 401, message: '401: {"message":"Unauthorized"}' } });
  });

  it('answers null on a 401 when the query asks for it', async () => {
    const fetchMock = fakeFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));

    const result = await sendRequest({ url: '/api/auth/user', on401: 'returnNull' }, { fetch: fetchMock });

    expect(result).toEqual({ data: null });
  });

  it('still fails on other statuses when a 401 would answer null', async () => {
    const fetchMock = fakeFetch(new Response('boom', { status: 500 }));

    const result = await sendRequest({ url: '/api/auth/user', on401: 'returnNull' }, { fetch: fetchMock });

    expect(result).toMatchObject({ error: { status: 500, message: '500: boom' } });
  });

  it('does not read the body when the response is not wanted', async () => {
    const fetchMock = fakeFetch(new Response('not json', { status: 200 }));

    const result = await sendRequest(
      { url: '/api/patients/p1', method: 'DELETE', responseType: 'none' },
      { fetch: fetchMock },
    );

    expect(result).toEqual({ data: null });
  });

  it('reports an unreadable success body as a parse error', async () => {
    const fetchMock = fakeFetch(new Response('<html>', { status: 200 }));

    const result = await sendRequest({ url: '/api/patients' }, { fetch: fetchMock });

    expect(result).toMatchObject({ error: { status: 'PARSE_ERROR', data: '<html>' } });
  });

  it('reports a network failure as a fetch error with its message', async () => {
    const fetchMock = fakeFetch(new TypeError('Failed to fetch'));

    const result = await sendRequest({ url: '/api/patients' }, { fetch: fetchMock });

    expect(result).toEqual({ error: { status: 'FETCH_ERROR', message: 'Failed to fetch' } });
  });

  it('reports the response headers it was asked for, and only when asked', async () => {
    const response = () =>
      Response.json([{ id: 'p1' }], { headers: { 'X-Total-Count': '42', 'X-Other': 'x' } });

    const asked = await sendRequest(
      { url: '/api/patients', responseHeaders: ['X-Total-Count', 'X-Missing'] },
      { fetch: fakeFetch(response()) },
    );
    const notAsked = await sendRequest({ url: '/api/patients' }, { fetch: fakeFetch(response()) });

    expect(asked).toEqual({
      data: [{ id: 'p1' }],
      meta: { headers: { 'X-Total-Count': '42', 'X-Missing': null } },
    });
    expect(notAsked).toEqual({ data: [{ id: 'p1' }] });
  });

  it('passes the abort signal on', async () => {
    const fetchMock = fakeFetch(Response.json([]));
    const controller = new AbortController();

    await sendRequest({ url: '/api/patients' }, { fetch: fetchMock, signal: controller.signal });

    expect(sentInit(fetchMock).signal).toBe(controller.signal);
  });
});

describe('isApiError and serverMessage', () => {
  const refused: ApiError = { status: 401, message: '401: {"message":"Nope"}', data: { message: 'Nope' } };

  it('recognises the errors sendRequest produces', () => {
    expect(isApiError(refused)).toBe(true);
    expect(isApiError({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('reads the message field of a JSON error body', () => {
    expect(serverMessage(refused)).toBe('Nope');
    expect(serverMessage({ status: 500, message: '500: x', data: { message: '' } })).toBeUndefined();
    expect(serverMessage({ status: 500, message: '500: x', data: ['message'] })).toBeUndefined();
    expect(serverMessage({ status: 500, message: '500: x' })).toBeUndefined();
  });
});

describe('messageOrFallback and hasStatus', () => {
  const conflict: ApiError = {
    status: 409,
    message: '409: {"message":"Já existe"}',
    data: { message: 'Já existe' },
  };

  it("prefers the server's message, else the fallback", () => {
    expect(messageOrFallback(conflict, 'Não foi possível criar o usuário.')).toBe('Já existe');
    expect(messageOrFallback({ status: 500, message: '500: x' }, 'Falhou')).toBe('Falhou');
    expect(messageOrFallback(new Error('x'), 'Falhou')).toBe('Falhou');
  });

  it('tells an HTTP status apart', () => {
    expect(hasStatus({ status: 403, message: '403: Forbidden' }, 403)).toBe(true);
    expect(hasStatus(conflict, 403)).toBe(false);
    expect(hasStatus(undefined, 403)).toBe(false);
  });
});

describe('error codes', () => {
  it("carries the body's code beside the message, and only codes of the contract", async () => {
    const body = '{"code":"DUPLICATE_CPF","message":"Já existe um paciente com este CPF"}';
    const result = await sendRequest(
      { url: '/api/patients', method: 'POST', body: {} },
      { fetch: fakeFetch(new Response(body, { status: 409 })) },
    );
    expect(result).toEqual({
      error: {
        status: 409,
        message: `409: ${body}`,
        data: { code: 'DUPLICATE_CPF', message: 'Já existe um paciente com este CPF' },
        code: 'DUPLICATE_CPF',
      },
    });

    const unknown = await sendRequest(
      { url: '/api/patients' },
      { fetch: fakeFetch(new Response('{"code":"NO_SUCH_CODE","message":"x"}', { status: 400 })) },
    );
    expect(unknown).toMatchObject({ error: { status: 400 } });
    expect('error' in unknown ? unknown.error.code : 'no error').toBeUndefined();
  });

  it('tells refusals apart by code, never by their Portuguese message', () => {
    const duplicate: ApiError = { status: 409, message: '409: …', code: 'DUPLICATE_CPF' };
    expect(hasCode(duplicate, 'DUPLICATE_CPF')).toBe(true);
    expect(hasCode(duplicate, 'STALE_PATIENT', 'STALE_REVISION')).toBe(false);
    expect(
      hasCode({ status: 409, message: '409: Já existe um paciente com este CPF' }, 'DUPLICATE_CPF'),
    ).toBe(false);
    expect(hasCode(new Error('DUPLICATE_CPF'), 'DUPLICATE_CPF')).toBe(false);
  });
});
