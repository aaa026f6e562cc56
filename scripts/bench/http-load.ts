import autocannon from 'autocannon';
import { stopping } from './cleanup.ts';
import { loadFigures, type LoadFigures } from './latency.ts';
import { messages } from './messages.ts';

export interface HttpFigures extends LoadFigures {
  readonly clients: number;
  readonly requests: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  readonly errors: number;
}

export interface HttpLoad {
  readonly baseUrl: string;
  readonly clients: number;
  readonly seconds: number;
  readonly headers: Record<string, string>;
  readonly method?: 'GET' | 'POST' | 'PATCH';
  readonly path: string;
  /** Per request: a different path and/or body (a new CPF, another procedure). */
  readonly next?: () => { readonly path?: string; readonly body?: unknown };
  /** Stop after this many requests (a pool of distinct procedures runs out). */
  readonly maxRequests?: number;
  /**
   * Seconds of the same load first, unmeasured (`next` goes on where it left off): a route's
   * first seconds in a process run code V8 has not optimised yet.
   */
  readonly warmupSeconds?: number;
}

/**
 * Runs one concurrent HTTP load with autocannon, `clients` connections each sending its next
 * request as soon as the last one is answered, and reports successful answers per second and
 * the latency percentiles of every answer (autocannon's own summary has no p95).
 */
export async function measureHttp(load: HttpLoad): Promise<HttpFigures> {
  if (load.warmupSeconds) await runHttpLoad({ ...load, seconds: load.warmupSeconds }, 'warmup');
  return runHttpLoad(load, 'measured');
}

async function runHttpLoad(load: HttpLoad, phase: 'warmup' | 'measured'): Promise<HttpFigures> {
  const latencies: number[] = [];
  let succeeded = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  let finish: (outcome: { error: unknown; result: autocannon.Result }) => void = () => undefined;
  const finished = new Promise<{ error: unknown; result: autocannon.Result }>(
    (resolve) => (finish = resolve),
  );
  // With a callback autocannon returns its event emitter (without one, a bare promise).
  const instance = autocannon(
    {
      url: load.baseUrl,
      connections: load.clients,
      duration: load.seconds,
      ...(load.maxRequests === undefined ? {} : { maxOverallRequests: load.maxRequests }),
      timeout: 30,
      requests: [
        {
          method: load.method ?? 'GET',
          path: load.path,
          headers: load.headers,
          ...(load.next
            ? {
                setupRequest: (request) => {
                  const { path, body } = load.next!();
                  return {
                    ...request,
                    ...(path === undefined ? {} : { path }),
                    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
                  };
                },
              }
            : {}),
          onResponse: (status, body) => {
            if (status >= 200 && status < 300) return;
            firstFailure ??= `${status}: ${body.slice(0, 300)}`;
          },
        },
      ],
    },
    (error, result) => finish({ error, result }),
  );
  const stop = () => instance.stop();
  stopping.signal.addEventListener('abort', stop, { once: true });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 200 && statusCode < 300) succeeded += 1;
    else failed += 1;
  });
  const { error, result } = await finished;
  stopping.signal.removeEventListener('abort', stop);
  if (error) throw error;
  const seconds = (performance.now() - started) / 1000;
  const errors = failed + result.errors + result.timeouts;
  if (errors > 0) {
    console.error(messages.httpFailures(phase, `${load.method ?? 'GET'} ${load.path}`, errors, firstFailure));
  }
  const figures = loadFigures(latencies, succeeded, seconds);
  await settle(figures.p99);
  return { clients: load.clients, ...figures, requests: succeeded + failed, errors };
}

/**
 * autocannon stops at its deadline and drops the requests in flight, but the server goes on
 * working on them: wait for that tail before the next measurement, or it would pay for it.
 */
function settle(p99Ms: number): Promise<void> {
  const waitMs = Math.min(30_000, Math.max(1_000, 2 * p99Ms));
  return new Promise((resolve) => setTimeout(resolve, waitMs));
}
