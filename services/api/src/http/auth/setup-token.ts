import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one-time setup token for `POST /api/force-initialize` without an administrator: 32
 * random bytes, printed in the server log at start-up. Used once, it is spent (a failed run
 * gives it back); a restart prints a new one.
 */
export interface SetupToken {
  readonly value: string;
  /** True, once, for the right token; spends it. */
  take(presented: string | undefined): boolean;
  /** Gives back a token taken by a run that then failed. */
  giveBack(): void;
}

export function createSetupToken(): SetupToken {
  const value = randomBytes(32).toString('base64url');
  const expected = Buffer.from(value);
  let spent = false;
  return {
    value,
    take(presented) {
      if (spent || typeof presented !== 'string') return false;
      const given = Buffer.from(presented);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      spent = true;
      return true;
    },
    giveBack() {
      spent = false;
    },
  };
}
