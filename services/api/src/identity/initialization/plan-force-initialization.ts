import {
  SystemInitialized,
  forceInitializationLines as lines,
  type InitializationCredential,
} from '@bari/contracts';
import { normalizeEmail } from '../email.ts';
import type { EmailReservationState } from '../email-reservation.ts';
import { EmailAlreadyRegistered } from '../errors.ts';
import type { PlannedAppend } from '../planned-append.ts';
import { registrationAppends } from '../registration.ts';
import { systemInitializationStreamId, userStreamId } from '../streams.ts';
import { decideUser, type RegisteredUser, type UserState } from '../user.ts';
import { credentialOf, issueBoundKey, planAccountRegistration, type AccountSeed } from './account-seeds.ts';
import type { InitializationPlan } from './plan-initialization.ts';

/** An account seed with what the handler found for its email. */
export interface ForceAccountSeed extends AccountSeed {
  /** The folded `user-email-<email>` stream. */
  readonly emailReservation: EmailReservationState;
  /** The folded stream of the reservation's holder: the account with this email, if any. */
  readonly holder: UserState;
}

export interface ForceInitializationPlan extends InitializationPlan {
  /** 'Inicialização Forçada' report, one Portuguese line per step. */
  readonly results: readonly string[];
}

/**
 * `POST /api/force-initialize` (administrator or setup token only): create or verify each
 * default account whatever the state. A missing account is created approved; an existing one
 * is kept and approved if it was not. Either way the account gets a new key bound to it, since
 * no existing key can be shown again. `SystemInitialized` (forced) is recorded last.
 */
export function planForceInitialization({
  seeds,
  now,
}: {
  readonly seeds: readonly ForceAccountSeed[];
  readonly now: string;
}): ForceInitializationPlan {
  const appends: PlannedAppend[] = [];
  const credentials: InitializationCredential[] = [];
  const results: string[] = [];
  const accounts: { userId: string; email: string }[] = [];

  for (const seed of seeds) {
    const email = normalizeEmail(seed.account.email);
    let user: RegisteredUser;
    if (seed.holder.kind === 'Registered') {
      user = seed.holder.user;
      results.push(lines.userVerified(email));
      if (user.status !== 'approved') {
        const approval = decideUser(
          {
            type: 'ChangeUserStatus',
            // Approving checks no actor.
            data: { userId: user.id, status: 'approved', actorUserId: null },
          },
          seed.holder,
        );
        appends.push({ streamId: userStreamId(user.id), expected: 'as_read', events: approval });
        user = { ...user, status: 'approved' };
        results.push(lines.userApproved(email));
      }
      if (seed.account.isAdmin && !user.isAdmin) results.push(lines.notAdministrator(email));
    } else {
      try {
        const registration = planAccountRegistration(seed, seed.emailReservation, seed.holder, now);
        appends.push(...registrationAppends(registration));
        user = registration.user;
        results.push(lines.userCreated(email));
      } catch (error) {
        if (!(error instanceof EmailAlreadyRegistered)) throw error;
        results.push(lines.userUnavailable(email));
        continue;
      }
    }
    appends.push(issueBoundKey(seed, user, now));
    credentials.push(credentialOf(seed));
    results.push(lines.keyCreated(email));
    accounts.push({ userId: user.id, email: user.email });
  }

  appends.push({
    streamId: systemInitializationStreamId,
    expected: 'any',
    events: [SystemInitialized.create({ forced: true, accounts })],
  });
  results.push(lines.done);
  return { appends, credentials, results, accounts };
}
