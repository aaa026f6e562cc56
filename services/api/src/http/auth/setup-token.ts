import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A setup token is good for this long after start-up; then a restart prints a new one. */
export const SETUP_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/**
 * The one-time setup token for `POST /api/force-initialize` without an administrator, and for
 * `POST /api/initialize` from another computer: 32 random bytes, printed in the server log at
 * start-up, valid for 30 minutes. Used once, it is spent (a failed run gives it back); a
 * restart prints a new one.
 */
export interface SetupToken {
  readonly value: string;
  /** When it stops being accepted. */
  readonly expiresAt: Date;
  /** True, once, for the right token before it expires; spends it. */
  take(presented: string | undefined): boolean;
  /** Gives back a token taken by a run that then failed. */
  giveBack(): void;
}

export function createSetupToken(now: () => Date = () => new Date()): SetupToken {
  const value = randomBytes(32).toString('base64url');
  const expected = Buffer.from(value);
  const expiresAt = new Date(now().getTime() + SETUP_TOKEN_LIFETIME_MS);
  let spent = false;
  return {
    value,
    expiresAt,
    take(presented) {
      if (spent || typeof presented !== 'string') return false;
      const given = Buffer.from(presented);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      if (now().getTime() >= expiresAt.getTime()) return false;
      spent = true;
      return true;
    },
    giveBack() {
      spent = false;
    },
  };
}
