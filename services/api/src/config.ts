import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Every setting the server reads from the environment, parsed once at start-up. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  /** External PostgreSQL; when unset the embedded one under BARI_DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** With DATABASE_URL: the owner role, for migrations; DATABASE_URL's role then needs no DDL. */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  BARI_DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.string().optional(),
  /** EventStoreDB instead of the PostgreSQL event store. */
  EVENTSTORE_CONNECTION_STRING: z.string().optional(),
  /** `external` when `npm run projector` runs the projections in their own process. */
  PROJECTOR: z.enum(['in-process', 'external']).default('in-process'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Maximum JSON body size (raw-body syntax). */
  BODY_LIMIT: z.string().default('1mb'),
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (Koa `app.proxy`). */
  TRUST_PROXY: flag,
  /**
   * How many proxies in front of us append to X-Forwarded-For: the client is the entry that
   * many places from the right, never the leftmost (which the client writes itself).
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** Served over HTTPS (directly or through that proxy): Secure + `__Host-` cookies, HSTS. */
  HTTPS: flag,
  /** Folder of the built web app. */
  WEB_DIST: z.string().optional(),
  /** Longest wait for read models after a command before answering anyway (ms). */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Longest life of an in-memory copy of a session, or of a read-model answer (ms); 0 keeps
   * none. Copies are dropped at once when the read models they come from move here, so this
   * only bounds what this process cannot see. Only with the projector in this process.
   */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  NODE_ENV: z.string().default('development'),
  /** Emails of the two default accounts that initialization creates (see identity/initialization/default-accounts.ts). */
  BARI_ADMIN_EMAIL: z.string().optional(),
  BARI_DEVELOPER_EMAIL: z.string().optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return ConfigSchema.parse(env);
}
