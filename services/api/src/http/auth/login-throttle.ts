import { createHash } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import pg from 'pg';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../../shared/domain-error.ts';
import type { Logger } from '../../shared/logger.ts';
import { normalizeEmail } from '../../identity/email.ts';
import { AUTH_MESSAGES } from './messages.ts';

/** Failed logins allowed per IP and per email in one window; the next attempt gets 429. */
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export class TooManyLoginAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', AUTH_MESSAGES.tooManyLoginAttempts);
  }
}

export interface LoginThrottle {
  /** Throws `TooManyLoginAttempts` when this IP or this email has used up its failures. */
  assertAllowed(ip: string, email: string): Promise<void>;
  /** Counts a refused login against both the IP and the email. */
  recordFailure(ip: string, email: string): Promise<void>;
  /** A successful login clears the email's count (never the IP's: one good account must not
   * reset an attacker's budget for guessing others). */
  recordSuccess(email: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Failed-login counters in PostgreSQL (rate-limiter-flexible's `RateLimiterPostgres`, table
 * `login_rate_limits` from the API's migrations), so every API process shares them. Keyed by
 * client IP (`ctx.ip`, which honours X-Forwarded-For only when a trusted proxy is configured)
 * and by the SHA-256 of the normalised email (the table holds no addresses).
 *
 * The limiter wants a `pg` pool; it gets a small one of its own whose idle connections close
 * after a second, so it never holds the process open.
 */
export function createLoginThrottle(connectionUri: string, logger: Logger): LoginThrottle {
  const pool = new pg.Pool({
    connectionString: connectionUri,
    max: 3,
    idleTimeoutMillis: 1_000,
    allowExitOnIdle: true,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'login throttle: idle connection lost'));
  const limiter = (keyPrefix: string) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'login_rate_limits',
      tableCreated: true,
      keyPrefix,
      points: LOGIN_FAILURES_ALLOWED,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
    });
  const byIp = limiter('login-ip');
  const byEmail = limiter('login-email');
  const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
  const exhausted = (res: RateLimiterRes | null) =>
    res !== null && res.consumedPoints >= LOGIN_FAILURES_ALLOWED;

  return {
    async assertAllowed(ip, email) {
      const [ipCount, emailCount] = await Promise.all([byIp.get(ip), byEmail.get(emailKey(email))]);
      const blocking = [ipCount, emailCount].filter(exhausted);
      if (blocking.length === 0) return;
      const waitMs = Math.max(...blocking.map((res) => res?.msBeforeNext ?? 0));
      throw new TooManyLoginAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async recordFailure(ip, email) {
      await Promise.all([byIp.penalty(ip, 1), byEmail.penalty(emailKey(email), 1)]);
    },
    async recordSuccess(email) {
      await byEmail.delete(emailKey(email));
    },
    close: () => pool.end(),
  };
}

/** Sets `Retry-After` for a throttled login; the error handler writes the 429 body. */
export function announceRetryAfter(ctx: ParameterizedContext, error: unknown): void {
  if (error instanceof TooManyLoginAttempts) ctx.set('Retry-After', String(error.retryAfterSeconds));
}
