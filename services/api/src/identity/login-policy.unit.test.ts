import {
  AccessKeyBound,
  AccessKeyDeactivated,
  EmailReleased,
  LoginFailed,
  UserDeleted,
  UserLoggedIn,
  UserStatusChanged,
  type AccessKeyEvent,
  type EmailReservationEvent,
  type LoginFailureReason,
  type UserEvent,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS } from '../shared/reservation.ts';
import { evolveAccessKey, initialAccessKeyState } from './access-key.ts';
import { evolveEmailReservation, initialEmailReservationState } from './email-reservation.ts';
import { InvalidCredentials } from './errors.ts';
import { decideLogin, type LoginAttempt, type LoginDecision } from './login-policy.ts';
import {
  accessKeyIssued,
  emailReserved,
  ids,
  KEY,
  NOW,
  registrationRequested,
  userRegistered,
} from './testing/fixtures.ts';
import { evolveUser, initialUserState } from './user.ts';
import { hashAccessKey } from './access-key-secret.ts';

const MARIA = 'maria@sus.gov.br';
const ATTEMPT = 'corr-1';

/** Given the key's, the email reservation's and the account's past events, when someone signs in. */
function given(history: {
  key?: AccessKeyEvent[];
  reservation?: EmailReservationEvent[];
  account?: UserEvent[];
}) {
  return {
    when: (typed: { email: string; key?: string; now?: string }): LoginDecision => {
      const attempt: LoginAttempt = {
        email: typed.email,
        presentedKey: typed.key ?? KEY,
        key: (history.key ?? []).reduce(evolveAccessKey, initialAccessKeyState()),
        emailReservation: (history.reservation ?? []).reduce(
          evolveEmailReservation,
          initialEmailReservationState(),
        ),
        account: (history.account ?? []).reduce(evolveUser, initialUserState()),
        newUserId: ids.newUser,
        attemptId: ATTEMPT,
        now: typed.now ?? NOW,
      };
      return decideLogin(attempt);
    },
  };
}

/** Maria's account with her own bound key. */
const maria = (
  ...account: UserEvent[]
): { key: AccessKeyEvent[]; reservation: EmailReservationEvent[]; account: UserEvent[] } => ({
  key: [accessKeyIssued({ boundUserId: ids.user })],
  reservation: [emailReserved(MARIA, ids.user)],
  account: [userRegistered(), ...account],
});

function expectRefused(
  decision: LoginDecision,
  reason: LoginFailureReason,
  keyId: string | null,
  email = MARIA,
) {
  expect(decision).toEqual({
    outcome: 'refused',
    reason,
    error: new InvalidCredentials(),
    appends: [
      {
        streamId: `login-failure-${ATTEMPT}`,
        expected: 'no_stream',
        events: [LoginFailed.create({ email, reason, keyId })],
      },
    ],
  });
  if (decision.outcome === 'refused')
    expect(decision.error.message).toBe('Email ou chave de acesso inválidos');
}

describe('login with a bound key', () => {
  it('signs in its approved user and counts a use of the key', () => {
    expect(given(maria()).when({ email: MARIA })).toEqual({
      outcome: 'signed_in',
      session: { userId: ids.user, email: MARIA, keyId: ids.key, status: 'approved' },
      user: {
        id: ids.user,
        email: MARIA,
        firstName: 'Maria',
        lastName: 'Souza',
        isAdmin: false,
        status: 'approved',
        source: 'administrator',
      },
      appends: [
        {
          streamId: `access-key-${ids.key}`,
          expected: 'as_read',
          events: [UserLoggedIn.create({ userId: ids.user, email: MARIA, keyId: ids.key, approved: true })],
        },
      ],
    });
  });

  it('compares the email case-insensitively', () => {
    expect(given(maria()).when({ email: '  MARIA@Sus.Gov.BR ' }).outcome).toBe('signed_in');
  });

  it('signs in a pending user, confined', () => {
    const history = {
      key: [accessKeyIssued({ boundUserId: ids.user })],
      reservation: [emailReserved(MARIA, ids.user)],
      account: [registrationRequested()],
    };
    const decision = given(history).when({ email: MARIA });
    expect(decision).toMatchObject({ outcome: 'signed_in_confined', session: { status: 'pending' } });
    expect(decision.appends[0]?.events).toEqual([
      UserLoggedIn.create({ userId: ids.user, email: MARIA, keyId: ids.key, approved: false }),
    ]);
  });

  it('signs in a rejected user, confined', () => {
    const rejected = UserStatusChanged.create({
      userId: ids.user,
      email: MARIA,
      from: 'approved',
      to: 'rejected',
    });
    expect(given(maria(rejected)).when({ email: MARIA })).toMatchObject({
      outcome: 'signed_in_confined',
      session: { status: 'rejected' },
    });
  });

  it('refuses someone else’s email, even an administrator’s', () => {
    const history = {
      key: [accessKeyIssued({ boundUserId: ids.user })],
      reservation: [emailReserved('admin@baricare.local', ids.admin)],
      account: [userRegistered({ userId: ids.admin, email: 'admin@baricare.local', isAdmin: true })],
    };
    expectRefused(
      given(history).when({ email: 'admin@baricare.local' }),
      'key_bound_to_another_account',
      ids.key,
      'admin@baricare.local',
    );
  });

  it('refuses an email without account (a bound key registers nobody)', () => {
    const history = { key: [accessKeyIssued({ boundUserId: ids.user })] };
    expectRefused(
      given(history).when({ email: 'novo@sus.gov.br' }),
      'key_bound_to_another_account',
      ids.key,
      'novo@sus.gov.br',
    );
  });

  it('refuses once its user is deleted', () => {
    expectRefused(
      given(maria(UserDeleted.create({ userId: ids.user, email: MARIA }))).when({ email: MARIA }),
      'key_bound_to_another_account',
      ids.key,
    );
  });
});

describe('login with an unbound (invitation) key', () => {
  it('registers a pending user for an email without account, binds the key to them, and signs them in confined', () => {
    const history = { key: [accessKeyIssued({ boundUserId: null })] };
    expect(given(history).when({ email: ' Novo@SUS.gov.br ' })).toEqual({
      outcome: 'registration_requested',
      session: { userId: ids.newUser, email: 'novo@sus.gov.br', keyId: ids.key, status: 'pending' },
      user: {
        id: ids.newUser,
        email: 'novo@sus.gov.br',
        firstName: null,
        lastName: null,
        isAdmin: false,
        status: 'pending',
        source: 'access_key_invitation',
      },
      appends: [
        {
          streamId: 'user-email-novo@sus.gov.br',
          expected: 'as_read',
          events: [emailReserved('novo@sus.gov.br', ids.newUser)],
        },
        {
          streamId: `access-key-${ids.key}`,
          expected: 'as_read',
          events: [
            AccessKeyBound.create({ keyId: ids.key, userId: ids.newUser }),
            UserLoggedIn.create({
              userId: ids.newUser,
              email: 'novo@sus.gov.br',
              keyId: ids.key,
              approved: false,
            }),
          ],
        },
        {
          streamId: `user-${ids.newUser}`,
          expected: 'no_stream',
          events: [registrationRequested(ids.newUser, 'novo@sus.gov.br')],
        },
      ],
    });
  });

  it('refuses an existing account’s email, like a wrong key', () => {
    expectRefused(
      given({ ...maria(), key: [accessKeyIssued({ boundUserId: null })] }).when({ email: MARIA }),
      'unbound_key_for_existing_account',
      ids.key,
    );
  });

  it('registers the email of a deleted user anew, taking over its reservation', () => {
    const decision = given({
      key: [accessKeyIssued({ boundUserId: null })],
      reservation: [emailReserved(MARIA, ids.user)],
      account: [userRegistered(), UserDeleted.create({ userId: ids.user, email: MARIA })],
    }).when({ email: MARIA });
    expect(decision.outcome).toBe('registration_requested');
    expect(decision.appends[0]?.events).toEqual([
      EmailReleased.create({ email: MARIA, userId: ids.user, reason: 'user_deleted' }),
      emailReserved(MARIA, ids.newUser),
    ]);
  });

  it('refuses while the email is held by a registration still being written', () => {
    const history = {
      key: [accessKeyIssued({ boundUserId: null })],
      reservation: [emailReserved(MARIA, ids.user, NOW)],
    };
    const now = new Date(Date.parse(NOW) + RESERVATION_GRACE_MS - 1000).toISOString();
    expectRefused(given(history).when({ email: MARIA, now }), 'email_unavailable', ids.key);
  });

  it('once bound by its first use, signs in only that new user', () => {
    const used = [
      accessKeyIssued({ boundUserId: null }),
      AccessKeyBound.create({ keyId: ids.key, userId: ids.newUser }),
      UserLoggedIn.create({ userId: ids.newUser, email: 'novo@sus.gov.br', keyId: ids.key, approved: false }),
    ];
    const newcomer = {
      key: used,
      reservation: [emailReserved('novo@sus.gov.br', ids.newUser)],
      account: [registrationRequested(ids.newUser, 'novo@sus.gov.br')],
    };
    expect(given(newcomer).when({ email: 'novo@sus.gov.br' }).outcome).toBe('signed_in_confined');
    expectRefused(
      given({ key: used }).when({ email: 'outro@sus.gov.br' }),
      'key_bound_to_another_account',
      ids.key,
      'outro@sus.gov.br',
    );
  });
});

describe('login refusals', () => {
  it('refuses a key that matches no stored key', () => {
    expectRefused(
      given({ reservation: maria().reservation, account: maria().account }).when({ email: MARIA }),
      'unknown_key',
      null,
    );
  });

  it('refuses a key that does not match the stored hash (and names no key)', () => {
    expectRefused(given(maria()).when({ email: MARIA, key: `${KEY.slice(0, -1)}z` }), 'unknown_key', null);
  });

  it('refuses a deactivated key', () => {
    const history = maria();
    history.key.push(AccessKeyDeactivated.create({ keyId: ids.key, reason: 'administrator' }));
    expectRefused(given(history).when({ email: MARIA }), 'key_inactive', ids.key);
  });

  it('refuses an expired key, from the instant of its expiry', () => {
    const expiring = { ...maria(), key: [accessKeyIssued({ expiresAt: NOW })] };
    expectRefused(given(expiring).when({ email: MARIA }), 'key_expired', ids.key);
    const earlier = new Date(Date.parse(NOW) - 1).toISOString();
    expect(given(expiring).when({ email: MARIA, now: earlier }).outcome).toBe('signed_in');
  });

  it('records no part of the typed key, nor its hash, in a refusal', () => {
    const typed = 'Zyxwvuts9876543210zyxwvutsrqponmlkjihgfedcb';
    const decision = given(maria()).when({ email: MARIA, key: typed });
    const recorded = JSON.stringify(decision.appends);
    expect(recorded).not.toContain(typed.slice(0, 8));
    expect(recorded).not.toContain(hashAccessKey(typed));
    expect(recorded).not.toContain(hashAccessKey(KEY));
  });

  it('will not decide on an account other than the one found by the email (a wiring bug)', () => {
    expect(() => given(maria()).when({ email: 'outro@sus.gov.br' })).toThrow(/not the one found/);
  });
});
