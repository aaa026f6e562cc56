import {
  AccessKeyDeactivated,
  AdministratorAppointed,
  AdministratorRemoved,
  EmailReleased,
  UserDeleted,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { evolveAccessKey, initialAccessKeyState } from './access-key.ts';
import { evolveAdministratorRoster, initialAdministratorRosterState } from './administrator-roster.ts';
import { evolveEmailReservation, initialEmailReservationState } from './email-reservation.ts';
import { CannotRemoveSelf, LastAdministrator, UserNotFound } from './errors.ts';
import { accessKeyIssued, emailReserved, ids, userRegistered } from './testing/fixtures.ts';
import { evolveUser, initialUserState } from './user.ts';
import { planUserDeletion, type UserDeletionInput } from './user-deletion.ts';

const EMAIL = 'maria@sus.gov.br';
const rosterOf = (...userIds: string[]) =>
  userIds
    .map((userId) => AdministratorAppointed.create({ userId }))
    .reduce(evolveAdministratorRoster, initialAdministratorRosterState());
const given = (overrides: Partial<UserDeletionInput> = {}): UserDeletionInput => ({
  userId: ids.user,
  user: [userRegistered()].reduce(evolveUser, initialUserState()),
  actorUserId: ids.admin,
  actorKeyId: null,
  roster: rosterOf(ids.admin),
  emailReservation: [emailReserved(EMAIL, ids.user)].reduce(
    evolveEmailReservation,
    initialEmailReservationState(),
  ),
  keys: [
    { keyId: ids.key, state: [accessKeyIssued()].reduce(evolveAccessKey, initialAccessKeyState()) },
    {
      keyId: ids.otherKey,
      state: [
        accessKeyIssued({ keyId: ids.otherKey, key: 'Zyxwvuts0123456789ABCDEFGHIJKLMNOPQRSTUVWXy' }),
      ].reduce(evolveAccessKey, initialAccessKeyState()),
    },
  ],
  ...overrides,
});

describe('deleting a user', () => {
  it('deletes the user first, then frees the email, then deactivates each of their keys (whatever sign-ins moved them)', () => {
    expect(planUserDeletion(given())).toEqual([
      {
        streamId: `user-${ids.user}`,
        expected: 'as_read',
        events: [UserDeleted.create({ userId: ids.user, email: EMAIL })],
      },
      {
        streamId: `user-email-${EMAIL}`,
        expected: 'as_read',
        events: [EmailReleased.create({ email: EMAIL, userId: ids.user, reason: 'user_deleted' })],
      },
      {
        streamId: `access-key-${ids.key}`,
        expected: 'any',
        events: [AccessKeyDeactivated.create({ keyId: ids.key, reason: 'user_deleted' })],
      },
      {
        streamId: `access-key-${ids.otherKey}`,
        expected: 'any',
        events: [AccessKeyDeactivated.create({ keyId: ids.otherKey, reason: 'user_deleted' })],
      },
    ]);
  });

  it('releases nothing when the email is no longer this user’s', () => {
    const plan = planUserDeletion(
      given({
        emailReservation: [emailReserved(EMAIL, ids.newUser)].reduce(
          evolveEmailReservation,
          initialEmailReservationState(),
        ),
        keys: [],
      }),
    );
    expect(plan.map((append) => append.events.length)).toEqual([1, 0]);
  });

  it('keeps the self and last-administrator rules', () => {
    expect(() => planUserDeletion(given({ actorUserId: ids.user }))).toThrow(CannotRemoveSelf);
    const admin = [userRegistered({ isAdmin: true })].reduce(evolveUser, initialUserState());
    expect(() => planUserDeletion(given({ user: admin, roster: rosterOf(ids.user) }))).toThrow(
      LastAdministrator,
    );
  });

  it('removes an approved administrator from the roster first, at the revision read', () => {
    const admin = [userRegistered({ isAdmin: true })].reduce(evolveUser, initialUserState());
    const plan = planUserDeletion(given({ user: admin, roster: rosterOf(ids.admin, ids.user) }));
    expect(plan[0]).toEqual({
      streamId: 'administrators',
      expected: 'as_read',
      events: [AdministratorRemoved.create({ userId: ids.user, reason: 'deleted' })],
    });
    expect(plan[1]?.streamId).toBe(`user-${ids.user}`);
  });

  it('refuses an unknown user', () => {
    expect(() => planUserDeletion(given({ user: initialUserState() }))).toThrow(UserNotFound);
  });
});
