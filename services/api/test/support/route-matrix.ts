import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@bari/contracts';
import { createClient, signInAs, type Role, type SignedIn, type TestClient } from './http-client.ts';
import { countEvents, startTestApp, type TestApp } from './test-app.ts';

/**
 * A route-by-role matrix: each route × signed out / pending / rejected / approved / admin,
 * the status each gets, and — whenever the answer is a refusal — that nothing was written and
 * that the body names the refusal (`{code, message}`).
 */
export type Who = 'signedOut' | Role;
export const WHO: readonly Who[] = ['signedOut', 'pending', 'rejected', 'approved', 'admin'];

export interface MatrixRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface RouteCase {
  readonly route: string;
  /** Builds the request; may create what it acts on (through the administrator). */
  readonly request: () => Promise<MatrixRequest>;
  readonly expected: Readonly<Record<Who, number>>;
  /** A refusal that is recorded on purpose (a refused login, for the audit trail). */
  readonly refusalWrites?: boolean;
}

export const everyone = (status: number): Record<Who, number> => ({
  signedOut: status,
  pending: status,
  rejected: status,
  approved: status,
  admin: status,
});
export const signedInOnly = (status: number): Record<Who, number> => ({
  ...everyone(status),
  signedOut: 401,
});
export const approvedStaff = (status: number): Record<Who, number> => ({
  signedOut: 401,
  pending: 403,
  rejected: 403,
  approved: status,
  admin: status,
});
export const administrators = (status: number): Record<Who, number> => ({
  ...approvedStaff(status),
  approved: 403,
});

export interface Matrix {
  readonly app: () => TestApp;
  readonly admin: () => SignedIn;
  readonly client: (who: Who) => TestClient;
}

/** Starts one app with a signed-in client per role, for the whole file. */
export function useMatrixApp(): Matrix {
  let app: TestApp | undefined;
  let admin: SignedIn | undefined;
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
  return { app: () => app!, admin: () => admin!, client: (who) => clients.get(who)! };
}

export function send(client: TestClient, request: MatrixRequest) {
  const options = request.headers ? { headers: request.headers } : undefined;
  switch (request.method) {
    case 'GET':
      return client.get(request.path, options);
    case 'POST':
      return client.post(request.path, request.body, options);
    case 'PATCH':
      return client.patch(request.path, request.body, options);
    case 'DELETE':
      return client.delete(request.path, request.body, options);
  }
}

/**
 * Each route again as `/API/...` (issue 10, item 9): routing is case-sensitive, so that
 * spelling reaches no route — and no middleware that compares paths can be skipped by it —
 * and every role gets a 404 with nothing written.
 */
export function withMiscasedPaths(routes: readonly RouteCase[]): RouteCase[] {
  const miscased = routes.map((route): RouteCase => ({
    route: `${route.route} as /API/…`,
    request: async () => {
      const built = await route.request();
      return { ...built, path: built.path.replace(/^\/api\//, '/API/') };
    },
    expected: everyone(404),
  }));
  return [...routes, ...miscased];
}

/** One `describe` per route, one test per role. `beforeEachCase` runs before building the request. */
export function describeRouteMatrix(
  matrix: Matrix,
  routes: readonly RouteCase[],
  beforeEachCase: () => Promise<void> = async () => undefined,
): void {
  describe.each(routes)('$route', ({ request, expected, refusalWrites }) => {
    it.each(WHO)('as %s', async (who) => {
      await beforeEachCase();
      const built = await request();
      const before = await countEvents(matrix.app());

      const response = await send(matrix.client(who), built);

      expect(response.status).toBe(expected[who]);
      if (response.status >= 400 && !refusalWrites) expect(await countEvents(matrix.app())).toBe(before);
      const isApi = built.path.toLowerCase().startsWith('/api/');
      if (isApi) expect(response.headers.get('cache-control')).toBe('no-store');
      if (response.status >= 400 && isApi) {
        // Every refusal names itself: `{code, message}`, decided by code on the client
        const body = ErrorBodySchema.parse(response.body);
        if (response.status === 401) expect(['UNAUTHENTICATED', 'INVALID_CREDENTIALS']).toContain(body.code);
      }
    });
  });
}
