import { describe, expect, it } from 'vitest';
import { BenchOptionsSchema } from './options.ts';
import { BenchResultsSchema } from './results.ts';
import { runBench } from './run-bench.ts';

/** Every number in the results, with its path ('queries.statistics.p95'). */
function numbers(value: unknown, path = ''): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => numbers(inner, path ? `${path}.${key}` : key));
}

/** Counts that are legitimately zero on a tiny, healthy run. */
const MAY_BE_ZERO = /(^|\.)(errors|deletedPatients)$/;

describe('npm run bench, a smoke run on a few patients', () => {
  it('starts the app, seeds over HTTP, measures everything, stops, and every figure is there and positive', async () => {
    const options = BenchOptionsSchema.parse({
      patients: 24,
      duration: 1.5,
      // Short, but run: each read measurement is preceded by its warm-up.
      warmup: 0.5,
      clients: 6,
      httpClients: 2,
      logLevel: 'warn',
      interactive: false,
    });
    const results = BenchResultsSchema.parse(await runBench(options, () => undefined));

    expect(results.patients).toBe(24);
    // At least the registrations themselves, each one or more events.
    expect(results.events).toBeGreaterThan(24);
    for (const [path, value] of numbers(results)) {
      if (MAY_BE_ZERO.test(path)) expect(value, path).toBeGreaterThanOrEqual(0);
      else expect(value, path).toBeGreaterThan(0);
    }
    for (const figures of [...Object.values(results.queries), ...Object.values(results.commands)]) {
      expect(figures.errors).toBe(0);
      expect(figures.p50).toBeLessThanOrEqual(figures.p95);
      expect(figures.p95).toBeLessThanOrEqual(figures.p99);
    }
  }, 300_000);
});
