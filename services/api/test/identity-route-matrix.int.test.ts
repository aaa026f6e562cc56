import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAs, type Role, type SignedIn, type TestClient } from './support/http-client.ts';
import { createUser, issueKey, uniqueEmail } from './support/identity-fixtures.ts';
import { countEvents, resetLoginThrottle, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every identity `/api` route × signed out / pending / rejected / approved / admin: the status
 * each gets, and, whenever the answer is a refusal, that nothing was written.
 */
type Who = 'signedOut' | Role;
const WHO: readonly Who[] = ['signedOut', 'pending', 'rejected', 'approved', 'admin'];

interface Request {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
}

interface RouteCase {
  readonly route: string;
  /** Builds the request; may create what it acts on (through the administrator). */
  readonly request: () => Promise<Request>;
  readonly expected: Readonly<Record<Who, number>>;
}

const everyone = (status: number): Record<Who, number> => ({
  signedOut: status,
  pending: status,
  rejected: status,
  approved: status,
  admin: status,
});
const signedInOnly = (status: number): Record<Who, number> => ({ ...everyone(status), signedOut: 401 });
const adminOnly = (status: number): Record<Who, number> => ({
  signedOut: 401,
  pending: 403,
  rejected: 403,
  approved: 403,
  admin: status,
});

let app: TestApp;
let admin: SignedIn;
const clients = new Map<Who, TestClient>();

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin');
  clients.set('signedOut', createClient(app.baseUrl));
  for (const role of ['pending', 'rejected', 'approved', 'admin'] as const) {
    clients.set(role, (await signInAs(app, role)).client);
  }
});
afterAll(() => app?.stop());

const routes: readonly RouteCase[] = [
  {
    route: 'GET /api/initialization-status',
    request: async () => ({ method: 'GET', path: '/api/initialization-status' }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/initialize',
    request: async () => ({ method: 'POST', path: '/api/initialize' }),
    expected: everyone(409),
  },
  {
    route: 'POST /api/force-initialize',
    request: async () => ({ method: 'POST', path: '/api/force-initialize' }),
    expected: { ...adminOnly(200), signedOut: 403 },
  },
  {
    route: 'POST /api/auth/login (wrong key)',
    request: async () => ({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: admin.email, accessKey: 'errada' },
    }),
    expected: everyone(401),
  },
  {
    route: 'GET /api/auth/user',
    request: async () => ({ method: 'GET', path: '/api/auth/user' }),
    expected: signedInOnly(200),
  },
  {
    route: 'GET /api/login',
    request: async () => ({ method: 'GET', path: '/api/login' }),
    expected: everyone(302),
  },
  {
    route: 'GET /api/users',
    request: async () => ({ method: 'GET', path: '/api/users' }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/users',
    request: async () => ({
      method: 'POST',
      path: '/api/users',
      body: { email: uniqueEmail(), firstName: 'Ana', lastName: 'Lima', isAdmin: true },
    }),
    expected: adminOnly(201),
  },
  {
    route: 'PATCH /api/users/:id/status',
    request: async () => ({
      method: 'PATCH',
      path: `/api/users/${(await createUser(admin.client)).id}/status`,
      body: { status: 'rejected' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/users/:id',
    request: async () => ({ method: 'DELETE', path: `/api/users/${(await createUser(admin.client)).id}` }),
    expected: adminOnly(204),
  },
  {
    route: 'GET /api/access-keys',
    request: async () => ({ method: 'GET', path: '/api/access-keys' }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/access-keys',
    request: async () => ({ method: 'POST', path: '/api/access-keys', body: { description: 'Nova' } }),
    expected: adminOnly(201),
  },
  {
    route: 'PATCH /api/access-keys/:id/deactivate',
    request: async () => ({
      method: 'PATCH',
      path: `/api/access-keys/${(await issueKey(admin.client)).id}/deactivate`,
    }),
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/debug-user',
    request: async () => ({ method: 'GET', path: '/api/admin/debug-user' }),
    expected: adminOnly(200),
  },
];

async function send(client: TestClient, request: Request) {
  switch (request.method) {
    case 'GET':
      return client.get(request.path);
    case 'POST':
      return client.post(request.path, request.body);
    case 'PATCH':
      return client.patch(request.path, request.body);
    case 'DELETE':
      return client.delete(request.path);
  }
}

describe.each(routes)('$route', ({ request, expected }) => {
  it.each(WHO)('as %s', async (who) => {
    await resetLoginThrottle(app);
    const built = await request();
    const before = await countEvents(app);

    const response = await send(clients.get(who)!, built);

    expect(response.status).toBe(expected[who]);
    if (response.status >= 400 && built.path !== '/api/auth/login') {
      // A refusal writes nothing (a refused login is recorded for the audit trail, on purpose).
      expect(await countEvents(app)).toBe(before);
    }
  });
});

describe('signing out (POST /api/auth/logout, GET /api/logout)', () => {
  it.each(WHO)('works for %s, and the session is over afterwards', async (who) => {
    for (const method of ['POST', 'GET'] as const) {
      const client = who === 'signedOut' ? createClient(app.baseUrl) : (await signInAs(app, who)).client;
      const response =
        method === 'POST' ? await client.post('/api/auth/logout') : await client.get('/api/logout');
      expect(response.status).toBe(method === 'POST' ? 200 : 302);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    }
  });
});

describe('guards speak the client’s language', () => {
  it('answers a signed-out call with a 401 whose text contains Unauthorized (the web client relies on it)', async () => {
    const response = await createClient(app.baseUrl).get('/api/users');
    expect(response.status).toBe(401);
    expect(response.text).toContain('Unauthorized');
  });

  it('confines pending and rejected users with a Portuguese 403', async () => {
    for (const who of ['pending', 'rejected'] as const) {
      const response = await clients.get(who)!.get('/api/access-keys');
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/aprovada/);
    }
  });
});

describe('cross-site request defences on identity writes', () => {
  it('refuses a write with a foreign Origin (403), writing nothing', async () => {
    const before = await countEvents(app);
    const response = await admin.client.post(
      '/api/users',
      { email: uniqueEmail(), firstName: 'A', lastName: 'B' },
      { headers: { Origin: 'https://malicioso.example' } },
    );
    expect(response.status).toBe(403);
    const login = await createClient(app.baseUrl).post(
      '/api/auth/login',
      { email: admin.email, accessKey: admin.accessKey },
      { headers: { Origin: 'https://malicioso.example' } },
    );
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(await countEvents(app)).toBe(before);
  });

  it('refuses a cross-site fetch (Sec-Fetch-Site) and a write without a JSON content type', async () => {
    const before = await countEvents(app);
    const crossSite = await admin.client.post(
      '/api/access-keys',
      { description: 'x' },
      { headers: { 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    const form = await admin.client.post('/api/access-keys', undefined, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      rawBody: 'description=x',
    });
    expect(form.status).toBe(415);
    expect(await countEvents(app)).toBe(before);
  });

  it('marks every identity answer as not to be stored', async () => {
    for (const path of ['/api/auth/user', '/api/users', '/api/access-keys', '/api/initialization-status']) {
      expect((await admin.client.get(path)).headers.get('cache-control')).toBe('no-store');
    }
  });
});
