import { parseArgs } from 'node:util';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const BenchOptionsSchema = z.object({
  patients: count(20_000),
  seed: z.coerce.number().int().min(0).default(1),
  /** Seconds of each HTTP and append measurement. */
  duration: z.coerce.number().positive().default(10),
  /**
   * Seconds of the same load before each read measurement, not counted: a route's first
   * seconds in a fresh process run unoptimised code (the patient page's server CPU per
   * request fell from 1.5 to 0.7 ms over its first 8 s), which is not the day a nurse has.
   */
  warmup: z.coerce.number().min(0).default(3),
  /** Parallel HTTP clients while seeding. */
  clients: count(12),
  /** Concurrent clients of each HTTP measurement. */
  httpClients: count(32),
  out: z.string().default('bench/results/latest.json'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Draw progress bars and stream the rebuild's output (off in tests). */
  interactive: z.boolean().default(true),
});
export type BenchOptions = z.infer<typeof BenchOptionsSchema>;

export type ParsedArguments =
  | { readonly kind: 'run'; readonly options: BenchOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export function parseBenchArguments(argv: readonly string[]): ParsedArguments {
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        patients: { type: 'string' },
        seed: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        clients: { type: 'string' },
        'http-clients': { type: 'string' },
        out: { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) return { kind: 'help' };
    const parsed = BenchOptionsSchema.safeParse({
      ...values,
      httpClients: values['http-clients'],
      logLevel: values['log-level'],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { kind: 'usage-error', message: `--${issue.path.join('.')}: ${issue.message}` };
    }
    return { kind: 'run', options: parsed.data };
  } catch (error) {
    return { kind: 'usage-error', message: error instanceof Error ? error.message : String(error) };
  }
}
