import { SystemInitialized, type InitializationCredential } from '@bari/contracts';
import { AlreadyInitialized } from '../errors.ts';
import { initialEmailReservationState } from '../email-reservation.ts';
import type { PlannedAppend } from '../planned-append.ts';
import { registrationAppends } from '../registration.ts';
import { systemInitializationStreamId } from '../streams.ts';
import { initialUserState } from '../user.ts';
import {
  accountsOf,
  credentialOf,
  issueBoundKey,
  planAccountRegistration,
  type AccountSeed,
} from './account-seeds.ts';
import type { SystemState } from './system.ts';

export interface InitializationInput {
  /** The folded `system-initialization` stream. */
  readonly system: SystemState;
  /** Users in the users read model, deleted ones excluded. */
  readonly usersCount: number;
  readonly seeds: readonly AccountSeed[];
  readonly now: string;
}

export interface InitializationPlan {
  readonly appends: readonly PlannedAppend[];
  readonly credentials: readonly InitializationCredential[];
  /** The default accounts created or verified (the handler then lists their administrators). */
  readonly accounts: readonly { readonly userId: string; readonly email: string }[];
}

/**
 * `POST /api/initialize`: allowed only while the system has never been initialized and no
 * user exists. Each account is approved and gets one new key bound to it.
 *
 * `SystemInitialized` is appended first with `no_stream`: it is the lock. Of two concurrent
 * initializations both seeing zero users, only one gets past it. If the process dies after
 * it, the system counts as initialized with accounts missing, and force-initialization
 * completes them.
 */
export function planInitialization({
  system,
  usersCount,
  seeds,
  now,
}: InitializationInput): InitializationPlan {
  if (system.initialized || usersCount > 0) throw new AlreadyInitialized();
  const appends: PlannedAppend[] = [
    {
      streamId: systemInitializationStreamId,
      expected: 'no_stream',
      events: [SystemInitialized.create({ forced: false, accounts: accountsOf(seeds) })],
    },
  ];
  const credentials: InitializationCredential[] = [];
  for (const seed of seeds) {
    const registration = planAccountRegistration(
      seed,
      initialEmailReservationState(),
      initialUserState(),
      now,
    );
    // Nothing can exist yet: every stream is new.
    appends.push(
      ...registrationAppends(registration).map((append) => ({ ...append, expected: 'no_stream' as const })),
    );
    appends.push(issueBoundKey(seed, registration.user, now));
    credentials.push(credentialOf(seed));
  }
  return { appends, credentials, accounts: accountsOf(seeds) };
}
