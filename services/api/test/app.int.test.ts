import { gzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pino } from 'pino';
import { WrongExpectedVersion } from '@bari/event-store';
import { buildApp } from '../src/app.ts';
import { UTF8_BODY_MESSAGE } from '../src/http/utf8-body.ts';
import { BODY_SHAPE_MESSAGES, MAX_BODY_DEPTH } from '../src/http/json-body-shape.ts';
import { ERROR_MESSAGES } from '../src/http/error-response.ts';
import { CONTENT_ENCODING_MESSAGES } from '../src/http/content-encoding.ts';

// The app over real HTTP, with routes that fail in each way the error handler must format.
const logged: unknown[] = [];
const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
const webDist = mkdtempSync(join(tmpdir(), 'bari-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Bari Care</title>');
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

let server: Server;
let base: string;
let ready = true;

beforeAll(async () => {
  const app = buildApp({
    logger,
    bodyLimit: '1kb',
    trustProxy: false,
    https: false,
    webDist,
    checkReadiness: async () => ({ ready, checks: { database: ready ? 'ok' : 'indisponível' } }),
    routes: [
      (router) => {
        router.post('/echo', (ctx) => {
          ctx.body = z
            .object({ name: z.string().min(1, 'Nome é obrigatório'), age: z.number() })
            .parse(ctx.request.body);
        });
        router.post('/stale', () => {
          throw new WrongExpectedVersion('patient-1', 1n, 2n);
        });
        router.delete('/things/1', (ctx) => {
          ctx.status = 204;
        });
        router.get('/boom', () => {
          throw new Error('secret internals: password=hunter2');
        });
      },
    ],
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: string) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('Koa skeleton', () => {
  it('parses JSON and answers wrong types with 400 and Portuguese field errors', async () => {
    expect(await (await post('/api/echo', '{"name":"Ana","age":3}')).json()).toEqual({ name: 'Ana', age: 3 });
    const response = await post('/api/echo', '{"name":"","age":"três"}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'VALIDATION',
      message: ERROR_MESSAGES.invalidData,
      errors: { name: 'Nome é obrigatório', age: 'Tipo inválido: esperado número, recebido texto' },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await post('/api/echo', '{"name":');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'MALFORMED_JSON', message: ERROR_MESSAGES.malformedJson });
  });

  it('refuses a list, a bare value and a body nested too deep, each with its code, before any route reads it', async () => {
    const list = await post('/api/echo', '[{"name":"Ana","age":3}]');
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ code: 'BODY_NOT_OBJECT', message: BODY_SHAPE_MESSAGES.notObject });
    // A route that reads no body takes no list either.
    const listToDelete = await fetch(base + '/api/things/1', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(listToDelete.status).toBe(400);
    for (const bare of ['null', '"x"', '42']) {
      const response = await post('/api/echo', bare);
      expect(response.status, bare).toBe(400);
      expect(await response.json()).toEqual({
        code: 'MALFORMED_JSON',
        message: ERROR_MESSAGES.malformedJson,
      });
    }
    const nested = (depth: number) =>
      `{"name":"Ana","age":3,"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await post('/api/echo', nested(MAX_BODY_DEPTH + 1));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ code: 'BODY_TOO_DEEP', message: BODY_SHAPE_MESSAGES.tooDeep });
    // As deep as allowed: read by the route (which drops the field it does not know).
    expect(await (await post('/api/echo', nested(MAX_BODY_DEPTH))).json()).toEqual({ name: 'Ana', age: 3 });
  });

  it('refuses a body whose text is not UTF-8 (a name sent as Latin-1) with 400, and reads one that is', async () => {
    const latin1 = Buffer.from('{"name":"Conceição","age":3}', 'latin1');
    for (const contentType of ['application/json', 'application/json; charset=iso-8859-1']) {
      const response = await fetch(base + '/api/echo', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: latin1,
      });
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toEqual({ code: 'MALFORMED_TEXT_ENCODING', message: UTF8_BODY_MESSAGE });
    }
    // The same character written as a JSON escape is refused too.
    const escaped = await post('/api/echo', '{"name":"Jo\\ufffd\\ufffdo","age":3}');
    expect(escaped.status).toBe(400);
    expect(await escaped.json()).toMatchObject({ code: 'MALFORMED_TEXT_ENCODING' });
    for (const text of ['{"name":"Jo\\uFFFDo","age":3}', '{"name":"x\\\\\\ufffd","age":3}']) {
      expect((await post('/api/echo', text)).status, text).toBe(400);
    }
    // A backslash typed before 'ufffd' is no such character: read as it is.
    const backslash = await post('/api/echo', '{"name":"C:\\\\ufffd","age":3}');
    expect(await backslash.json()).toEqual({ name: 'C:\\ufffd', age: 3 });
    const utf8 = await post('/api/echo', '{"name":"Conceição","age":3}');
    expect(await utf8.json()).toEqual({ name: 'Conceição', age: 3 });
  });

  it('answers a body that is not compressed as its Content-Encoding says with 400, and reads one that is', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await fetch(base + '/api/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"name":"Ana","age":3}',
      });
      expect(response.status, encoding).toBe(400);
      expect(await response.json()).toEqual({
        code: 'MALFORMED_BODY_ENCODING',
        message: ERROR_MESSAGES.badEncoding,
      });
    }
    const gzipped = await fetch(base + '/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{"name":"Ana","age":3}'),
    });
    expect(await gzipped.json()).toEqual({ name: 'Ana', age: 3 });
    // Coding names are case-insensitive, and identity changes nothing
    for (const encoding of ['GZIP', 'gzip, identity', 'Identity, Gzip', 'x-gzip']) {
      const answer = await fetch(base + '/api/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: gzipSync('{"name":"Ana","age":3}'),
      });
      expect(answer.status, encoding).toBe(200);
      expect(await answer.json()).toEqual({ name: 'Ana', age: 3 });
    }
    // Another coding, or two, is refused in its own words (it said 'envie application/json').
    for (const encoding of ['compress', 'gzip, gzip', 'zstd']) {
      const refused = await fetch(base + '/api/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: gzipSync('{"name":"Ana","age":3}'),
      });
      expect(refused.status, encoding).toBe(415);
      expect(await refused.json()).toEqual({
        code: 'UNSUPPORTED_CONTENT_ENCODING',
        message: CONTENT_ENCODING_MESSAGES.unsupported,
      });
    }
  });

  it('answers a body beyond the limit with 413', async () => {
    const response = await post('/api/echo', JSON.stringify({ name: 'x'.repeat(5000), age: 1 }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.tooLarge });
  });

  it('answers a stale revision with 409', async () => {
    const response = await post('/api/stale', '{}');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe('STALE_REVISION');
  });

  it('answers an unexpected error with 500, no internals, and logs it with the correlation id', async () => {
    const response = await fetch(`${base}/api/boom`, { headers: { 'X-Request-Id': 'test-correlation-1' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.ts/);
    expect(JSON.parse(text)).toEqual({
      code: 'INTERNAL',
      message: ERROR_MESSAGES.internal,
      correlationId: 'test-correlation-1',
    });
    expect(logged).toContainEqual(
      expect.objectContaining({ correlationId: 'test-correlation-1', msg: 'unexpected error' }),
    );
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await fetch(`${base}/api/nao-existe`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Rota não encontrada' });
  });

  it("answers /api itself, and a write to the web app's pages, in JSON with a code, not Koa's English", async () => {
    for (const [method, path] of [
      ['GET', '/api'],
      ['HEAD', '/api?x=1'],
      ['POST', '/api'],
    ] as const) {
      const json = method === 'POST' ? { headers: { 'Content-Type': 'application/json' }, body: '{}' } : {};
      const response = await fetch(`${base}${path}`, { method, ...json });
      expect(response.status, `${method} ${path}`).toBe(404);
      if (method !== 'HEAD')
        expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Rota não encontrada' });
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(`${base}/login`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('serves health and readiness', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${base}/readyz`);
    ready = true;
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not ready' });
  });

  it('serves the web app with a SPA fallback outside /api', async () => {
    const page = await fetch(`${base}/patients/123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Bari Care</title>');
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });
});

describe('security baseline', () => {
  it('refuses a state-changing request without a JSON content type (415), body or not', async () => {
    const form = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ana',
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { message: string }).message).toBe(ERROR_MESSAGES.unsupportedMediaType);
    expect((await fetch(`${base}/api/things/1`, { method: 'DELETE' })).status).toBe(415);
    const json = await fetch(`${base}/api/things/1`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(204);
    // Media types are case-insensitive (RFC 9110): the body is read as JSON all the same.
    const upperCase = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      body: '{"name":"Ana","age":1}',
    });
    expect(upperCase.status).toBe(200);
  });

  it('refuses a write whose Origin or Sec-Fetch-Site is not ours (403)', async () => {
    const foreign = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"name":"Ana","age":1}',
    });
    expect(foreign.status).toBe(403);
    const crossSite = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{"name":"Ana","age":1}',
    });
    expect(crossSite.status).toBe(403);
    const own = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' },
      body: '{"name":"Ana","age":1}',
    });
    expect(own.status).toBe(200);
  });

  it('sends a strict CSP and never lets API answers be cached', async () => {
    const page = await fetch(`${base}/login`);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${base}/api/nao-existe`);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});

describe('behind a trusted proxy', () => {
  it('takes the client address the proxy appended, not one the client wrote itself', async () => {
    const proxied = buildApp({
      logger,
      bodyLimit: '1kb',
      trustProxy: true,
      proxyHops: 1,
      https: false,
      webDist,
      checkReadiness: async () => ({ ready: true, checks: {} }),
      routes: [
        (router) => {
          router.get('/ip', (ctx) => {
            ctx.body = { ip: ctx.ip };
          });
        },
      ],
    });
    const listening = proxied.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/ip`;
      // The client forged the first entry; our proxy appended the address it really saw.
      const response = await fetch(url, { headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' } });
      expect(await response.json()).toEqual({ ip: '203.0.113.7' });
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  });
});
