import type Router from '@koa/router';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: Record<string, 'ok' | string>;
}

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: database and projector up). */
export function healthRoutes(router: Router, checkReadiness: () => Promise<Readiness>): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const readiness = await checkReadiness();
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = { status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks };
  });
}
