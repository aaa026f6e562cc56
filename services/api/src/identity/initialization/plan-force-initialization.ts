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
import { accessKeyStreamId, systemInitializationStreamId, userStreamId } from '../streams.ts';
import { decideAccessKey, type AccessKeyState } from '../access-key.ts';
import { decideUser, type RegisteredUser, type UserState } from '../user.ts';
import { credentialOf, issueBoundKey, planAccountRegistration, type AccountSeed } from './account-seeds.ts';
import type { InitializationPlan } from './plan-initialization.ts';

/** An account seed with what the handler found for its email. */
export interface ForceAccountSeed extends AccountSeed {
  /** The folded `user-email-<email>` stream. */
  readonly emailReservation: EmailReservationState;
  /** The folded stream of the reservation's holder: the account with this email, if any. */
  readonly holder: UserState;
  /** The folded streams of the keys bound to that holder (its default keys among them). */
  readonly holderKeys: readonly AccessKeyState[];
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
  actingKeyId = null,
}: {
  readonly seeds: readonly ForceAccountSeed[];
  readonly now: string;
  /** The key the acting administrator's session was opened with: kept, so it stays signed in. */
  readonly actingKeyId?: string | null;
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
      // Only an account initialization created is the default account: an outsider who
      // registered this email (say, after the default account was deleted) is left alone.
      if (user.source !== 'initialization') {
        results.push(lines.emailInUseByAnotherAccount(email));
        continue;
      }
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
    // The new key first: a run interrupted between the two leaves an extra active key no one
    // was shown (the next run replaces it), never an account with no key at all.
    appends.push(issueBoundKey(seed, user, now));
    credentials.push(credentialOf(seed));
    results.push(lines.keyCreated(email));
    const replaced = deactivatePreviousDefaultKeys(seed, user, actingKeyId);
    appends.push(...replaced);
    if (replaced.length > 0) results.push(lines.keysDeactivated(email, replaced.length));
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

/**
 * The account's earlier default keys (bound to it, issued under the account's description),
 * still active: each force-initialization replaces them instead of piling up active ones. The
 * key of the administrator running it is spared, so they are not signed out mid-way.
 */
function deactivatePreviousDefaultKeys(
  seed: ForceAccountSeed,
  user: RegisteredUser,
  actingKeyId: string | null,
): PlannedAppend[] {
  return seed.holderKeys.flatMap((state): PlannedAppend[] => {
    if (state.kind !== 'Issued' || state.key.id === actingKeyId) return [];
    const { key } = state;
    if (key.boundUserId !== user.id || key.description !== seed.account.description || !key.isActive)
      return [];
    const events = decideAccessKey(
      { type: 'DeactivateAccessKey', data: { keyId: key.id, reason: 'replaced_by_initialization' } },
      state,
    );
    return [{ streamId: accessKeyStreamId(key.id), expected: 'as_read', events }];
  });
}
