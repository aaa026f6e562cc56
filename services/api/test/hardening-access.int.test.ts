import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forceInitializationLines as lines } from '@bari/contracts';
import { AUTH_MESSAGES } from '../src/http/auth/messages.ts';
import { ROUTING_MESSAGES } from '../src/http/api-routing.ts';
import { STATIC_MESSAGES } from '../src/http/static-web.ts';
import { SETUP_TOKEN_LIFETIME_MS } from '../src/http/auth/setup-token.ts';
import { createClient, logIn, rememberAdministrator, signInAs } from './support/http-client.ts';
import { issueKey } from './support/identity-fixtures.ts';
import { countEvents, startTestApp, type LogLine, type TestApp } from './support/test-app.ts';

/* Issue 10, items 7, 9, 10 and 12, black-box over HTTP. */

const ADMIN = 'admin@baricare.local';
const DEVELOPER = 'dev@baricare.local';
/** An address that is not this machine, as a trusted proxy would report it. */
const REMOTE = { 'X-Forwarded-For': '203.0.113.50' };

/** A request with the headers as given, Host included (fetch would put its own). */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

function setupTokenIn(logs: readonly LogLine[]): string {
  const token = logs
    .find((entry) => entry.msg?.startsWith('Token de configuração'))
    ?.msg?.split(': ')
    .at(-1);
  if (!token) throw new Error('the server did not log a setup token');
  return token;
}

describe('item 12: initialization from another computer needs the setup token, for 30 minutes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.stop());

  it('tells the screen to ask for the token, and refuses POST /api/initialize without it', async () => {
    const remote = createClient(app.baseUrl);
    const status = await remote.get('/api/initialization-status', { headers: REMOTE });
    expect(status.body.setupTokenRequired).toBe(true);
    const local = await createClient(app.baseUrl).get('/api/initialization-status');
    expect(local.body.setupTokenRequired).toBe(false);

    const before = await countEvents(app);
    for (const body of [undefined, { setupToken: 'adivinhado' }]) {
      const refused = await remote.post('/api/initialize', body, { headers: REMOTE });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'SETUP_TOKEN_REQUIRED',
        message: AUTH_MESSAGES.initializationFromAnotherComputer,
      });
    }
    expect(await countEvents(app)).toBe(before);
  });

  it('asks for the token on this machine too when the request names another host (DNS rebinding)', async () => {
    // What a page of attacker.example, its name rebound to 127.0.0.1, sends from the operator's browser.
    const port = new URL(app.baseUrl).port;
    const rebound = { Host: `attacker.example:${port}`, Origin: `http://attacker.example:${port}` };
    const status = await rawRequest(app.baseUrl, 'GET', '/api/initialization-status', rebound);
    expect(JSON.parse(status.body)).toMatchObject({ isInitialized: false, setupTokenRequired: true });
    const before = await countEvents(app);
    const refused = await rawRequest(app.baseUrl, 'POST', '/api/initialize', {
      ...rebound,
      'Content-Type': 'application/json',
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'SETUP_TOKEN_REQUIRED' });
    expect(await countEvents(app)).toBe(before);
  });

  it('asks for the token through a proxy on this machine, even one left untrusted that passes Host: localhost', async () => {
    const untrusted = await startTestApp();
    try {
      const port = new URL(untrusted.baseUrl).port;
      const proxied: Record<string, string>[] = [
        { 'X-Forwarded-For': '203.0.113.51' },
        { 'X-Real-IP': '203.0.113.52' },
        { Forwarded: 'for=203.0.113.53' },
        { Via: '1.1 proxy' },
      ];
      for (const forwarded of proxied) {
        const headers = { Host: `localhost:${port}`, ...forwarded };
        const status = await rawRequest(untrusted.baseUrl, 'GET', '/api/initialization-status', headers);
        expect(JSON.parse(status.body)).toMatchObject({ isInitialized: false, setupTokenRequired: true });
        const before = await countEvents(untrusted);
        const refused = await rawRequest(untrusted.baseUrl, 'POST', '/api/initialize', {
          ...headers,
          'Content-Type': 'application/json',
        });
        expect(refused.status).toBe(403);
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'SETUP_TOKEN_REQUIRED' });
        expect(await countEvents(untrusted)).toBe(before);
      }
      // Straight from this machine, it needs none.
      const direct = await rawRequest(untrusted.baseUrl, 'GET', '/api/initialization-status', {
        Host: `localhost:${port}`,
      });
      expect(JSON.parse(direct.body)).toMatchObject({ setupTokenRequired: false });
    } finally {
      await untrusted.stop();
    }
  });

  it('refuses the right token once 30 minutes have passed since start-up', async () => {
    app.clock.advance(SETUP_TOKEN_LIFETIME_MS);
    const late = await createClient(app.baseUrl).post(
      '/api/initialize',
      { setupToken: setupTokenIn(app.logs) },
      { headers: REMOTE },
    );
    expect(late.status).toBe(403);
  });
});

describe('item 12: initialization from another computer with the token', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.stop());

  it('initializes with the token from the server log', async () => {
    const response = await createClient(app.baseUrl).post(
      '/api/initialize',
      { setupToken: setupTokenIn(app.logs) },
      { headers: REMOTE },
    );
    expect(response.status).toBe(201);
    expect(response.body.credentials).toHaveLength(2);
  });
});

describe('items 7 and 12: force-initialization', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it("never approves a stranger who registered a deleted default account's email", async () => {
    const admin = await signInAs(app, 'admin');
    const users = (await admin.client.get('/api/users')).body as { id: string; email: string }[];
    const developer = users.find((user) => user.email === DEVELOPER)!;
    expect((await admin.client.delete(`/api/users/${developer.id}`)).status).toBe(204);
    // An outsider takes the email through an invitation key: a pending account.
    const invitation = await issueKey(admin.client, { description: 'Convite' });
    const outsider = await logIn(app, { email: DEVELOPER, accessKey: invitation.key });
    expect(outsider.user.status).toBe('pending');

    const response = await admin.client.post('/api/force-initialize');

    expect(response.status).toBe(200);
    expect(response.body.results).toContain(lines.emailInUseByAnotherAccount(DEVELOPER));
    expect(response.body.credentials.map((c: { email: string }) => c.email)).toEqual([ADMIN]);
    expect((await outsider.client.get('/api/auth/user')).body.status).toBe('pending');
  });

  it("deactivates the default account's previous default keys at each run", async () => {
    const token = setupTokenIn(app.logs);
    const anonymous = createClient(app.baseUrl);
    const first = await anonymous.post('/api/force-initialize', { setupToken: token });
    expect(first.status).toBe(200);
    const [firstAdminKey] = first.body.credentials as { email: string; accessKey: string }[];
    rememberAdministrator(app, firstAdminKey!);
    const second = await (await signInAs(app, 'admin')).client.post('/api/force-initialize');
    const [secondAdminKey] = second.body.credentials as { email: string; accessKey: string }[];
    const signedInWithSecond = await logIn(app, secondAdminKey!);
    // A third run, by the administrator signed in with the second key: the first is long
    // gone, the second is kept (it is the acting session's), the new one is active.
    const third = await signedInWithSecond.client.post('/api/force-initialize');
    expect(third.status).toBe(200);

    const login = (key: { email: string; accessKey: string }) =>
      createClient(app.baseUrl).post('/api/auth/login', key);
    expect((await login(firstAdminKey!)).status).toBe(401);
    expect((await login(secondAdminKey!)).status).toBe(200);
    const keys = (await signedInWithSecond.client.get('/api/access-keys')).body as {
      description: string;
      userEmail: string | null;
      isActive: boolean;
    }[];
    const activeDefault = keys.filter(
      (key) => key.userEmail === ADMIN && key.description === 'Administrador do sistema' && key.isActive,
    );
    expect(activeDefault).toHaveLength(2);
  });
});

describe('items 9, 10 and 12: paths and methods', () => {
  let app: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'bari-test-web-built-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Bari Care</title>');
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    app = await startTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(() => app?.stop());

  it('routes /API/auth/login nowhere: 404, no login, nothing written, not stored', async () => {
    const admin = await signInAs(app, 'admin');
    const before = await countEvents(app);
    // A cross-site form post: no Origin of ours, no JSON content type.
    const response = await createClient(app.baseUrl).post('/API/auth/login', undefined, {
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      rawBody: JSON.stringify({ email: admin.email, accessKey: admin.accessKey }),
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(ROUTING_MESSAGES.routeNotFound);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await countEvents(app)).toBe(before);
    expect((await admin.client.get('/Api/users')).status).toBe(404);
  });

  it('answers a body nested thousands of levels deep with 400, signed in or not: no stack overflow, no 500', async () => {
    const admin = await signInAs(app, 'admin');
    const deep = `{"email":"x@y.z","accessKey":"k","x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const logsBefore = app.logs.length;
    for (const [client, path] of [
      [createClient(app.baseUrl), '/api/auth/login'],
      [admin.client, '/api/patients'],
    ] as const) {
      const response = await client.post(path, undefined, {
        rawBody: deep,
        headers: { 'Idempotency-Key': 'deep-1' },
      });
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe('BODY_TOO_DEEP');
    }
    expect(app.logs.slice(logsBefore).filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
  });

  it('answers a missing asset with a fixed Portuguese message, never a server path', async () => {
    const response = await createClient(app.baseUrl).get('/assets/nonexistent.js');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(STATIC_MESSAGES.fileNotFound);
    expect(response.text).not.toContain(tmpdir());
    expect((await createClient(app.baseUrl).get('/assets/app.js')).status).toBe(200);
  });

  it('answers an unsupported method on an existing route with 405 and Allow', async () => {
    const admin = await signInAs(app, 'admin');
    const response = await admin.client.delete('/api/access-keys');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('HEAD, GET, POST, OPTIONS');
    expect(response.body).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: ROUTING_MESSAGES.methodNotAllowed,
    });
    const login = await admin.client.get('/api/auth/login');
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toContain('POST');
    expect((await admin.client.get('/api/nao-existe')).status).toBe(404);
  });
});
