import {
  AccessKeyBound,
  LoginFailed,
  UserLoggedIn,
  type AccessKeyEvent,
  type IdentityEvent,
  type LoginFailureReason,
  type UserStatus,
} from '@bari/contracts';
import { accessKeyMatchesHash } from './access-key-secret.ts';
import { isExpired, type AccessKeyState, type IssuedAccessKey } from './access-key.ts';
import { normalizeEmail } from './email.ts';
import type { EmailReservationState } from './email-reservation.ts';
import { EmailAlreadyRegistered, InvalidCredentials } from './errors.ts';
import type { PlannedAppend } from './planned-append.ts';
import { planRegistration, type RegistrationPlan } from './registration.ts';
import { accessKeyStreamId, loginFailureStreamId } from './streams.ts';
import type { RegisteredUser, UserState } from './user.ts';

/**
 * Everything a login is decided on, loaded by the handler before calling `decideLogin`:
 * - `key`: the folded `access-key-<id>` stream of the key whose hash matched the typed key in
 *   the access-keys read model (the initial state when none matched);
 * - `emailReservation`: the folded `user-email-<email>` stream;
 * - `account`: the folded stream of the user holding that reservation (the initial state
 *   when the email is free) — the user found by email.
 */
export interface LoginAttempt {
  /** The email as typed; compared normalised. */
  readonly email: string;
  /** The key as typed. Only hashed here; it never reaches an event. */
  readonly presentedKey: string;
  readonly key: AccessKeyState;
  readonly emailReservation: EmailReservationState;
  readonly account: UserState;
  /** Id for the user an invitation key would register. */
  readonly newUserId: string;
  /**
   * A random id drawn for this attempt: names the stream a refusal is recorded in
   * (`login-failure-<attemptId>`). Not the correlation id, which a caller may repeat
   * (`X-Request-Id`); that one travels in the event's metadata.
   */
  readonly attemptId: string;
  readonly now: string;
}

/** The session to open. Any status but approved confines it to /account-pending. */
export interface LoginSession {
  readonly userId: string;
  readonly email: string;
  readonly keyId: string;
  readonly status: UserStatus;
}

export type LoginDecision =
  /** An approved user with their own key. */
  | {
      readonly outcome: 'signed_in';
      readonly session: LoginSession;
      /** The account signed in, as the decision leaves it (the login's answer). */
      readonly user: RegisteredUser;
      readonly appends: readonly PlannedAppend[];
    }
  /** A pending or rejected user with their own key: signed in, confined. */
  | {
      readonly outcome: 'signed_in_confined';
      readonly session: LoginSession;
      /** The account signed in, as the decision leaves it (the login's answer). */
      readonly user: RegisteredUser;
      readonly appends: readonly PlannedAppend[];
    }
  /** An invitation key and an email without account: a pending user, the key now theirs. */
  | {
      readonly outcome: 'registration_requested';
      readonly session: LoginSession;
      /** The account signed in, as the decision leaves it (the login's answer). */
      readonly user: RegisteredUser;
      readonly appends: readonly PlannedAppend[];
    }
  /**
   * Anything else. The caller answers `InvalidCredentials` ('Email ou chave de acesso
   * inválidos') whatever the reason, which is only recorded for the audit trail.
   */
  | {
      readonly outcome: 'refused';
      readonly reason: LoginFailureReason;
      /** What to throw after recording the failure: the same for every reason. */
      readonly error: InvalidCredentials;
      readonly appends: readonly PlannedAppend[];
    };

/**
 * Keys belong to people. The key must exist, match, be active and unexpired; then
 * - a bound key signs in only its own user (approved → full access, else confined);
 * - an unbound key signs in only an email without account, which registers a pending user
 *   and binds the key to them; with an existing account's email it is refused like a wrong key.
 */
export function decideLogin(attempt: LoginAttempt): LoginDecision {
  const email = normalizeEmail(attempt.email);
  const refuse = (reason: LoginFailureReason, keyId: string | null = null): LoginDecision => ({
    outcome: 'refused',
    reason,
    error: new InvalidCredentials(),
    appends: [
      {
        streamId: loginFailureStreamId(attempt.attemptId),
        expected: 'no_stream',
        events: [LoginFailed.create({ email, reason, keyId })],
      },
    ],
  });

  if (attempt.key.kind !== 'Issued' || !accessKeyMatchesHash(attempt.presentedKey, attempt.key.key.keyHash)) {
    return refuse('unknown_key');
  }
  const key = attempt.key.key;
  if (!key.isActive) return refuse('key_inactive', key.id);
  if (isExpired(key.expiresAt, attempt.now)) return refuse('key_expired', key.id);

  const account = existingAccount(attempt.account, email);
  if (key.boundUserId !== null) {
    if (account?.id !== key.boundUserId) return refuse('key_bound_to_another_account', key.id);
    const session = { userId: account.id, email: account.email, keyId: key.id, status: account.status };
    return {
      outcome: account.status === 'approved' ? 'signed_in' : 'signed_in_confined',
      session,
      user: account,
      appends: [keyAppend(key, [loggedIn(session)])],
    };
  }

  if (account) return refuse('unbound_key_for_existing_account', key.id);
  return registerWithInvitation(attempt, key, email) ?? refuse('email_unavailable', key.id);
}

/** Undefined when the email cannot be reserved (an orphaned reservation still in its grace period). */
function registerWithInvitation(
  attempt: LoginAttempt,
  key: IssuedAccessKey,
  email: string,
): LoginDecision | undefined {
  let registration: RegistrationPlan;
  try {
    registration = planRegistration({
      command: {
        type: 'RequestRegistration',
        data: { userId: attempt.newUserId, email, accessKeyId: key.id },
      },
      emailReservation: attempt.emailReservation,
      holder: attempt.account,
      now: attempt.now,
    });
  } catch (error) {
    if (error instanceof EmailAlreadyRegistered) return undefined;
    throw error;
  }
  const session = { userId: registration.user.id, email, keyId: key.id, status: registration.user.status };
  const bind = AccessKeyBound.create({ keyId: key.id, userId: session.userId });
  return {
    outcome: 'registration_requested',
    session,
    user: registration.user,
    // Reservation, then key, then user. Two people racing with one invitation both reserve
    // their own email but only one binds the key; the loser leaves just a reservation, which
    // is reclaimable. A fresh user stream cannot conflict, so it goes last.
    appends: [
      ...(registration.reservation ? [registration.reservation] : []),
      keyAppend(key, [bind, loggedIn(session)]),
      registration.userAppend,
    ],
  };
}

/** The account found by email, if it is a live one (a deleted user has none). */
function existingAccount(account: UserState, email: string): RegisteredUser | undefined {
  if (account.kind !== 'Registered') return undefined;
  if (normalizeEmail(account.user.email) !== email) {
    throw new Error('The account given to decideLogin is not the one found by this email');
  }
  return account.user;
}

function keyAppend(key: IssuedAccessKey, events: AccessKeyEvent[]): PlannedAppend<IdentityEvent> {
  return { streamId: accessKeyStreamId(key.id), expected: 'as_read', events };
}

function loggedIn(session: LoginSession): AccessKeyEvent {
  return UserLoggedIn.create({
    userId: session.userId,
    email: session.email,
    keyId: session.keyId,
    approved: session.status === 'approved',
  });
}
