import { createServer, type RequestListener, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createDatabasePool, loadMigrations, openDatabase, prepareDatabase } from '@bari/db';
import { createEventStore, eventStoreMigrations } from '@bari/event-store';
import { allProjections, createProjectionRunner, projectionMigrations } from '@bari/projections';
import { markReadModelsStale } from './http/read-model-freshness.ts';
import type { Config } from './config.ts';
import type { Logger } from './shared/logger.ts';
import { buildApp } from './app.ts';
import type { Readiness } from './http/health-routes.ts';
import { apiRoutes } from './routes.ts';
import { ensureProtocolCatalogue, systemMetadata } from './procedure-types/catalogue.ts';
import { loadProcedureTypeCatalogue } from './procedure-types/catalogue-cache.ts';
import type { ApiDependencies } from './dependencies.ts';
import { apiMigrations } from './shared/migrations.ts';
import { sql } from './shared/sql.ts';
import { sessionMiddleware } from './http/session/session-middleware.ts';
import { projectorReadiness } from './http/projector-readiness.ts';
import { createSessionCache } from './http/session/session-cache.ts';
import { createPdfRenderer } from './reports/pdf/pdf-renderer.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { createReadCache } from './http/read-cache.ts';

export interface RunningServer {
  readonly url: string;
  /** What the routes were given (tests read the stores and read models through it). */
  readonly deps: ApiDependencies;
  stop(): Promise<void>;
}

/** What tests may replace in the composition root. */
export interface ServerOverrides {
  /** The clock (tests move it to expire keys and sessions). */
  readonly now?: () => Date;
}

/** The read models a session's validity is read from (`sessionUserSubquery`). */
const SESSION_READ_MODELS = new Set(['users', 'access-keys']);

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The composition root: database (embedded unless DATABASE_URL), migrations, event store,
 * projections (in this process unless PROJECTOR=external), the Koa app and its listener.
 * `stop()` undoes it all in reverse order.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const database = await openDatabase(config, (message) => logger.debug({ postgres: message.trim() }));
  const stack: Array<() => Promise<void>> = [database.stop];
  const stop = async () => {
    for (const undo of stack.reverse().splice(0)) {
      await undo().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
  };
  try {
    // Migrations as the owner; everything else as the application's role (`@bari/db` roles.ts).
    const applied = await prepareDatabase(
      database,
      loadMigrations([eventStoreMigrations, ...projectionMigrations, apiMigrations]),
    );
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');

    const eventStore = createEventStore(config, database.url);
    stack.push(() => eventStore.close());
    const pool = await createDatabasePool(database.url);
    stack.push(() => pool.end());

    // The projections' own connections: a burst of requests never queues a batch (and with it
    // every write waiting for its read models) behind the reads.
    const projectionPool = await createDatabasePool(database.url, {
      maximumPoolSize: allProjections.length + 2,
    });
    stack.push(() => projectionPool.end());
    const runner = createProjectionRunner({
      eventStore,
      pool: projectionPool,
      projections: allProjections,
      logger,
    });
    const inProcess = config.PROJECTOR === 'in-process';
    // Caches are exact only where the projections run: their progress drops the copies.
    const cacheTtlMs = inProcess ? config.CACHE_TTL_MS : 0;
    const sessionCache = createSessionCache(cacheTtlMs);
    const readCache = createReadCache({ ttlMs: cacheTtlMs });
    const pdfRenderer = createPdfRenderer();
    stack.push(() => pdfRenderer.close());
    runner.onAdvance((projection) => {
      readCache.invalidate(projection);
      if (SESSION_READ_MODELS.has(projection)) sessionCache.clear();
    });
    if (inProcess) {
      await runner.start();
      stack.push(() => runner.stop());
    }
    await ensureProtocolCatalogue({ eventStore, logger }, systemMetadata());
    // The catalogue is read here, once; requests use it from memory.
    const procedureTypes = await loadProcedureTypeCatalogue(eventStore);

    // An unauthenticated probe: fixed words in the answer, the details in the log.
    const checkReadiness = async (): Promise<Readiness> => {
      const database = await pool
        .oneFirst(sql.type(z.object({ ok: z.literal('ok') }))`select 'ok' as ok`)
        .then(() => 'ok')
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'readiness: database unavailable');
          return 'indisponível';
        });
      const projector = await runner
        // "Behind or not" is all readiness needs: never count a long backlog on every probe.
        .status({ lagLimit: 1 })
        .then((statuses) => projectorReadiness(statuses, { external: !inProcess, now: new Date() }))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'readiness: projector status unavailable');
          return 'indisponível';
        });
      const checks = { database, projector };
      return { ready: database === 'ok' && projector === 'ok', checks };
    };

    const deps: ApiDependencies = {
      config,
      logger,
      eventStore,
      pool,
      now: overrides.now ?? (() => new Date()),
      procedureTypes,
      sessionCache,
      readCache,
      pdfRenderer,
      waitForProjections: async (position, eventTypes, projections) => {
        const caughtUp = await runner.waitFor(position, {
          eventTypes,
          projections,
          timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
        });
        if (!caughtUp) markReadModelsStale();
        return caughtUp;
      },
    };
    const app = buildApp({
      logger,
      bodyLimit: config.BODY_LIMIT,
      trustProxy: config.TRUST_PROXY,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      https: config.HTTPS,
      webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST,
      checkReadiness,
      routes: apiRoutes(deps),
      session: (koa) => sessionMiddleware(koa, deps),
    });
    const server = await listen(app.callback(), config.PORT, config.HOST);
    stack.push(() => closeServer(server));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return { url: `http://localhost:${port}`, deps, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    answerClientErrors(server);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections would hold close() open; in-flight requests still finish.
    server.closeIdleConnections();
  });
}
