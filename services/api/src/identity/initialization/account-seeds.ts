import type { InitializationCredential } from '@bari/contracts';
import { decideAccessKey, initialAccessKeyState } from '../access-key.ts';
import { normalizeEmail } from '../email.ts';
import type { EmailReservationState } from '../email-reservation.ts';
import type { PlannedAppend } from '../planned-append.ts';
import { planRegistration } from '../registration.ts';
import { accessKeyStreamId } from '../streams.ts';
import type { RegisteredUser, UserState } from '../user.ts';
import type { DefaultAccount } from './default-accounts.ts';

/*
 * The steps both initialization plans take for each default account: register it, issue it a
 * key bound to it, and report its credentials.
 */

/** An account to create, with the fresh ids and key the handler generated for it. */
export interface AccountSeed {
  readonly account: DefaultAccount;
  readonly userId: string;
  readonly keyId: string;
  /** From `generateAccessKey()`: shown once in `credentials`, only hashed in events. */
  readonly accessKey: string;
}

export function planAccountRegistration(
  seed: AccountSeed,
  emailReservation: EmailReservationState,
  holder: UserState,
  now: string,
) {
  const { account } = seed;
  return planRegistration({
    command: {
      type: 'RegisterUser',
      data: {
        userId: seed.userId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        isAdmin: account.isAdmin,
        source: 'initialization',
      },
    },
    emailReservation,
    holder,
    now,
  });
}

export function issueBoundKey(seed: AccountSeed, user: RegisteredUser, now: string): PlannedAppend {
  const events = decideAccessKey(
    {
      type: 'IssueAccessKey',
      data: {
        keyId: seed.keyId,
        accessKey: seed.accessKey,
        description: seed.account.description,
        expiresAt: null,
        now,
        bindTo: { userId: user.id, user: { kind: 'Registered', user } },
      },
    },
    initialAccessKeyState(),
  );
  return { streamId: accessKeyStreamId(seed.keyId), expected: 'no_stream', events };
}

export function credentialOf(seed: AccountSeed): InitializationCredential {
  return {
    description: seed.account.description,
    email: normalizeEmail(seed.account.email),
    accessKey: seed.accessKey,
  };
}

export function accountsOf(seeds: readonly AccountSeed[]) {
  return seeds.map((seed) => ({ userId: seed.userId, email: normalizeEmail(seed.account.email) }));
}
