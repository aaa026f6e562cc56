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
    super('rate_limited', AUTH_MESSAGES.tooManyLoginAttempts, 'RATE_LIMITED');
  }
}

export interface LoginThrottle {
  /**
   * Counts this attempt against the IP and the email, atomically, before the credentials are
   * looked at; throws `TooManyLoginAttempts` when either had used up its attempts. So
   * concurrent attempts cannot all pass a check made before any of them is counted.
   */
  admit(ip: string, email: string): Promise<void>;
  /**
   * A successful login: gives the IP back the attempt it was counted, and clears the email's
   * count. Never the IP's whole count: one good account must not reset an attacker's budget
   * for guessing others.
   */
  recordSuccess(ip: string, email: string): Promise<void>;
  /** The attempt ended neither in success nor in refused credentials (a fault): not counted. */
  giveBack(ip: string, email: string): Promise<void>;
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

  return {
    async admit(ip, email) {
      const results = await Promise.allSettled([byIp.consume(ip), byEmail.consume(emailKey(email))]);
      const refusals: RateLimiterRes[] = [];
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        // The limiter rejects with its RateLimiterRes when the points are used up, with an
        // Error when the store fails.
        if (result.reason instanceof Error) throw result.reason;
        refusals.push(result.reason as RateLimiterRes);
      }
      if (refusals.length === 0) return;
      const waitMs = Math.max(...refusals.map((res) => res.msBeforeNext));
      throw new TooManyLoginAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async recordSuccess(ip, email) {
      await Promise.all([byIp.reward(ip, 1), byEmail.delete(emailKey(email))]);
    },
    async giveBack(ip, email) {
      await Promise.all([byIp.reward(ip, 1), byEmail.reward(emailKey(email), 1)]);
    },
    close: () => pool.end(),
  };
}

/** Sets `Retry-After` for a throttled login; the error handler writes the 429 body. */
export function announceRetryAfter(ctx: ParameterizedContext, error: unknown): void {
  if (error instanceof TooManyLoginAttempts) ctx.set('Retry-After', String(error.retryAfterSeconds));
}
