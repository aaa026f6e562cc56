import { describe, expect, it } from 'vitest';
import { createClient, signInAs } from './support/http-client.ts';
import { createUser, issueKey, uniqueEmail } from './support/identity-fixtures.ts';
import {
  administrators,
  describeRouteMatrix,
  everyone,
  signedInOnly,
  useMatrixApp,
  withMiscasedPaths,
  WHO,
  type RouteCase,
} from './support/route-matrix.ts';
import { countEvents, resetLoginThrottle } from './support/test-app.ts';

/** Every identity `/api` route × signed out / pending / rejected / approved / admin. */
const matrix = useMatrixApp();

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
    expected: { ...administrators(200), signedOut: 403 },
  },
  {
    route: 'POST /api/auth/login (wrong key)',
    request: async () => ({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: matrix.admin().email, accessKey: 'errada' },
    }),
    expected: everyone(401),
    // A refused login is recorded on purpose, for the audit trail.
    refusalWrites: true,
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
    expected: administrators(200),
  },
  {
    route: 'POST /api/users',
    request: async () => ({
      method: 'POST',
      path: '/api/users',
      body: { email: uniqueEmail(), firstName: 'Ana', lastName: 'Lima', isAdmin: true },
    }),
    expected: administrators(201),
  },
  {
    route: 'PATCH /api/users/:id/status',
    request: async () => ({
      method: 'PATCH',
      path: `/api/users/${(await createUser(matrix.admin().client)).id}/status`,
      body: { status: 'rejected' },
    }),
    expected: administrators(200),
  },
  {
    route: 'DELETE /api/users/:id',
    request: async () => ({
      method: 'DELETE',
      path: `/api/users/${(await createUser(matrix.admin().client)).id}`,
    }),
    expected: administrators(204),
  },
  {
    route: 'GET /api/access-keys',
    request: async () => ({ method: 'GET', path: '/api/access-keys' }),
    expected: administrators(200),
  },
  {
    route: 'POST /api/access-keys',
    request: async () => ({ method: 'POST', path: '/api/access-keys', body: { description: 'Nova' } }),
    expected: administrators(201),
  },
  {
    route: 'PATCH /api/access-keys/:id/deactivate',
    request: async () => ({
      method: 'PATCH',
      path: `/api/access-keys/${(await issueKey(matrix.admin().client)).id}/deactivate`,
    }),
    expected: administrators(200),
  },
  {
    route: 'GET /api/admin/debug-user',
    request: async () => ({ method: 'GET', path: '/api/admin/debug-user' }),
    expected: administrators(200),
  },
];

describeRouteMatrix(matrix, withMiscasedPaths(routes), () => resetLoginThrottle(matrix.app()));

describe('signing out (POST /api/auth/logout, GET /api/logout)', () => {
  it.each(WHO)('works for %s, and the session is over afterwards', async (who) => {
    for (const method of ['POST', 'GET'] as const) {
      const client =
        who === 'signedOut' ? createClient(matrix.app().baseUrl) : (await signInAs(matrix.app(), who)).client;
      const response =
        method === 'POST' ? await client.post('/api/auth/logout') : await client.get('/api/logout');
      expect(response.status).toBe(method === 'POST' ? 200 : 302);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    }
  });
});

describe('guards speak the client’s language', () => {
  it('answers a signed-out call with a 401 whose text contains Unauthorized (the web client relies on it)', async () => {
    const response = await createClient(matrix.app().baseUrl).get('/api/users');
    expect(response.status).toBe(401);
    expect(response.text).toContain('Unauthorized');
  });

  it('confines pending and rejected users with a Portuguese 403', async () => {
    for (const who of ['pending', 'rejected'] as const) {
      const response = await matrix.client(who).get('/api/access-keys');
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/aprovada/);
    }
  });
});

describe('cross-site request defences on identity writes', () => {
  it('refuses a write with a foreign Origin (403), writing nothing', async () => {
    const before = await countEvents(matrix.app());
    const response = await matrix
      .admin()
      .client.post(
        '/api/users',
        { email: uniqueEmail(), firstName: 'A', lastName: 'B' },
        { headers: { Origin: 'https://malicioso.example' } },
      );
    expect(response.status).toBe(403);
    const login = await createClient(matrix.app().baseUrl).post(
      '/api/auth/login',
      { email: matrix.admin().email, accessKey: matrix.admin().accessKey },
      { headers: { Origin: 'https://malicioso.example' } },
    );
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(await countEvents(matrix.app())).toBe(before);
  });

  it('refuses a cross-site fetch (Sec-Fetch-Site) and a write without a JSON content type', async () => {
    const before = await countEvents(matrix.app());
    const crossSite = await matrix
      .admin()
      .client.post('/api/access-keys', { description: 'x' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const form = await matrix.admin().client.post('/api/access-keys', undefined, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      rawBody: 'description=x',
    });
    expect(form.status).toBe(415);
    expect(await countEvents(matrix.app())).toBe(before);
  });

  it('marks every identity answer as not to be stored', async () => {
    for (const path of ['/api/auth/user', '/api/users', '/api/access-keys', '/api/initialization-status']) {
      expect((await matrix.admin().client.get(path)).headers.get('cache-control')).toBe('no-store');
    }
  });
});
