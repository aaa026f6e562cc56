import { abortableFetch, stopping } from './cleanup.ts';
import type { HttpFigures } from './http-load.ts';
import { loadFigures } from './latency.ts';
import { messages } from './messages.ts';

/** One request of a command load: method, path and JSON body, each one distinct. */
export interface CommandRequest {
  readonly method: 'POST' | 'PATCH';
  readonly path: string;
  readonly body: unknown;
}

/**
 * A closed-loop load for commands: `clients` concurrent clients, each sending its next
 * request when the last is answered, until `seconds` have passed or `next` runs out. Unlike
 * autocannon it waits for the requests in flight at the deadline and counts them: a command
 * takes long enough (seconds, before issue 7) that dropping them would hide most of the run,
 * and the server would still be working on them during the next measurement.
 */
export async function measureCommandLoad(options: {
  readonly baseUrl: string;
  readonly headers: Record<string, string>;
  readonly clients: number;
  readonly seconds: number;
  readonly next: () => CommandRequest | undefined;
}): Promise<HttpFigures> {
  const latencies: number[] = [];
  let succeeded = 0;
  let errors = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline && !stopping.signal.aborted) {
      const request = options.next();
      if (!request) return;
      const before = performance.now();
      try {
        const response = await abortableFetch(`${options.baseUrl}${request.path}`, {
          method: request.method,
          headers: options.headers,
          body: JSON.stringify(request.body),
        });
        const text = response.text;
        latencies.push(performance.now() - before);
        if (response.ok) succeeded += 1;
        else {
          errors += 1;
          firstFailure ??= `${response.status}: ${text.slice(0, 300)}`;
        }
      } catch (error) {
        if (stopping.signal.aborted) return;
        errors += 1;
        firstFailure ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  const sample = options.next.name || 'command';
  if (errors > 0) console.error(messages.httpFailures('measured', sample, errors, firstFailure));
  return {
    clients: options.clients,
    ...loadFigures(latencies, succeeded, seconds),
    requests: latencies.length,
    errors,
  };
}
