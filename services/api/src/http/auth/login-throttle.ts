import { createHash } from 'node:crypto';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../../shared/domain-error.ts';
import type { Logger } from '../../shared/logger.ts';
import { normalizeEmail } from '../../identity/email.ts';
import { AUTH_MESSAGES } from './messages.ts';

/** Failed logins allowed per IP, and per (email, IP) pair, in one window; then 429. */
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Beyond `LOGIN_FAILURES_ALLOWED` failures on one email (from any address), each further
 * failure on it answers this much later, up to `EMAIL_SLOWDOWN_MAX_MS`: slowed, never refused,
 * so nobody can lock a person out by guessing at their (public) email.
 */
export const EMAIL_SLOWDOWN_STEP_MS = 1_000;
export const EMAIL_SLOWDOWN_MAX_MS = 5_000;

export class TooManyLoginAttempts extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', AUTH_MESSAGES.tooManyLoginAttempts, 'RATE_LIMITED', retryAfterSeconds);
  }
}

/** What the counters say about one attempt, counted before its credentials are looked at. */
export interface LoginAdmission {
  /** The IP, or this email from this IP, used up its failures: only a valid key goes on. */
  readonly throttled: boolean;
  readonly retryAfterSeconds: number;
  /** How long a refusal of this attempt waits before it answers (the per-email slowdown). */
  readonly refusalDelayMs: number;
  /**
   * This attempt is the first the IP's count refuses in its window: the lockout begins, and
   * the audit trail records it once (the attempts refused after it are not recorded). Once
   * per IP and window, whatever the count does meanwhile (a successful login gives its point
   * back, and the count could reach the limit again and again).
   */
  readonly lockoutBegins: boolean;
}

export interface LoginThrottle {
  /**
   * Counts this attempt against the IP, the (email, IP) pair and the email, atomically,
   * before the credentials are looked at, so concurrent attempts cannot all pass a check made
   * before any of them is counted.
   */
  admit(ip: string, email: string): Promise<LoginAdmission>;
  /**
   * A successful login: gives the IP back the attempt it was counted, and clears the email's
   * counts. Never the IP's whole count: one good account must not reset an attacker's budget
   * for guessing others.
   */
  recordSuccess(ip: string, email: string): Promise<void>;
  /** The attempt ended neither in success nor in refused credentials (a fault): not counted. */
  giveBack(ip: string, email: string): Promise<void>;
  close(): Promise<void>;
}

/** The SHA-256 of the normalised email: what the counters and the log hold, never the address. */
export const emailHash = (email: string): string =>
  createHash('sha256').update(normalizeEmail(email)).digest('hex');

/**
 * Failed-login counters in PostgreSQL (rate-limiter-flexible's `RateLimiterPostgres`, table
 * `login_rate_limits` from the API's migrations), so every API process shares them. Keyed by
 * client IP (`ctx.ip`, which honours X-Forwarded-For only when a trusted proxy is configured),
 * by (email hash, IP) and by the email hash.
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
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'login_rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
    });
  const byIp = limiter('login-ip', LOGIN_FAILURES_ALLOWED);
  // One point per IP and window: the lockout recorded in the audit trail once.
  const lockoutRecorded = limiter('login-lockout-recorded', 1);
  const byPair = limiter('login-email-ip', LOGIN_FAILURES_ALLOWED);
  // Never refuses in practice: it only counts, for the slowdown.
  const byEmail = limiter('login-email', Number.MAX_SAFE_INTEGER);
  const pairKey = (ip: string, email: string) => `${emailHash(email)}:${ip}`;

  /** The limiter's answer either way: it rejects with its RateLimiterRes when points run out. */
  const count = (consumed: Promise<RateLimiterRes>) =>
    consumed.then(
      (res) => ({ refused: false, res }),
      (reason: unknown) => {
        if (reason instanceof RateLimiterRes) return { refused: true, res: reason };
        throw reason; // the store failed
      },
    );

  return {
    async admit(ip, email) {
      const [ipCount, pairCount, emailCount] = await Promise.all([
        count(byIp.consume(ip)),
        count(byPair.consume(pairKey(ip, email))),
        count(byEmail.consume(emailHash(email))),
      ]);
      const refusals = [ipCount, pairCount].filter((counted) => counted.refused);
      const waitMs = Math.max(0, ...refusals.map((counted) => counted.res.msBeforeNext));
      const beyond = emailCount.res.consumedPoints - LOGIN_FAILURES_ALLOWED;
      const lockoutBegins = ipCount.refused && !(await count(lockoutRecorded.consume(ip))).refused;
      return {
        throttled: refusals.length > 0,
        lockoutBegins,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        refusalDelayMs: Math.min(Math.max(0, beyond) * EMAIL_SLOWDOWN_STEP_MS, EMAIL_SLOWDOWN_MAX_MS),
      };
    },
    async recordSuccess(ip, email) {
      await Promise.all([
        byIp.reward(ip, 1),
        byPair.delete(pairKey(ip, email)),
        byEmail.delete(emailHash(email)),
      ]);
    },
    async giveBack(ip, email) {
      await Promise.all([
        byIp.reward(ip, 1),
        byPair.reward(pairKey(ip, email), 1),
        byEmail.reward(emailHash(email), 1),
      ]);
    },
    close: () => pool.end(),
  };
}

export interface ThrottledLoginAttempt<T> {
  readonly ip: string;
  readonly email: string;
  /**
   * Whether the typed key could sign this email in (a read, no append): a throttled attempt
   * needs one. Not merely an existing key: a deactivated one would let a throttled caller
   * write a refusal to the event log with every attempt.
   */
  readonly keyCouldSignIn: () => Promise<boolean>;
  /** The login itself. */
  readonly logIn: () => Promise<T>;
  /** Whether an error of `logIn` is refused credentials (a guess) rather than a fault. */
  readonly isRefusal: (error: unknown) => boolean;
  /** Records, for the audit trail, that this attempt began the IP's lockout. */
  readonly recordLockout: () => Promise<void>;
}

/**
 * Runs a login under the throttle. A valid key always signs its user in: a throttled attempt
 * is still tried when its key could sign that email in (guessing a random key is hopeless; the throttle is there
 * to spare the log and the server), and otherwise answered 429 without touching the event log.
 * Refused credentials answer after the per-email slowdown. Throttled attempts are logged with
 * the IP and the email's hash; the first of a lockout is recorded in the audit trail too.
 */
export async function throttledLogin<T>(
  throttle: LoginThrottle,
  logger: Logger,
  attempt: ThrottledLoginAttempt<T>,
): Promise<T> {
  const { ip, email } = attempt;
  const admission = await throttle.admit(ip, email);
  const tooMany = async () => {
    logger.warn({ ip, emailHash: emailHash(email) }, 'login throttled');
    if (admission.lockoutBegins) await attempt.recordLockout();
    return new TooManyLoginAttempts(admission.retryAfterSeconds);
  };
  if (admission.throttled && !(await attempt.keyCouldSignIn())) throw await tooMany();
  let result: T;
  try {
    result = await attempt.logIn();
  } catch (error) {
    // Refused credentials stay counted; anything else (a fault) was no guess.
    if (!attempt.isRefusal(error)) {
      await throttle.giveBack(ip, email);
      throw error;
    }
    if (admission.throttled) throw await tooMany();
    if (admission.refusalDelayMs > 0) {
      logger.warn({ ip, emailHash: emailHash(email), delayMs: admission.refusalDelayMs }, 'login slowed');
      await new Promise((done) => setTimeout(done, admission.refusalDelayMs));
    }
    throw error;
  }
  await throttle.recordSuccess(ip, email);
  return result;
}
