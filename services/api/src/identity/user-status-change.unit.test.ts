import { AdministratorAppointed, AdministratorRemoved, UserStatusChanged } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { evolveAdministratorRoster, initialAdministratorRosterState } from './administrator-roster.ts';
import { CannotRemoveSelf, LastAdministrator } from './errors.ts';
import { ids, userRegistered } from './testing/fixtures.ts';
import { evolveUser, initialUserState, type UserState } from './user.ts';
import { planUserStatusChange } from './user-status-change.ts';

const rosterOf = (...userIds: string[]) =>
  userIds
    .map((userId) => AdministratorAppointed.create({ userId }))
    .reduce(evolveAdministratorRoster, initialAdministratorRosterState());
const changed = (from: 'approved' | 'rejected', to: 'approved' | 'rejected') =>
  UserStatusChanged.create({ userId: ids.otherAdmin, email: 'maria@sus.gov.br', from, to });
const admin: UserState = [userRegistered({ userId: ids.otherAdmin, isAdmin: true })].reduce(
  evolveUser,
  initialUserState(),
);
const rejectedAdmin = [changed('approved', 'rejected')].reduce(evolveUser, admin);

describe('changing a user’s status', () => {
  it('rejects an approved administrator through the roster first', () => {
    const plan = planUserStatusChange({
      userId: ids.otherAdmin,
      user: admin,
      status: 'rejected',
      actorUserId: ids.admin,
      actorKeyId: null,
      roster: rosterOf(ids.admin, ids.otherAdmin),
    });
    expect(plan.appends).toEqual([
      {
        streamId: 'administrators',
        expected: 'as_read',
        events: [AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' })],
      },
      { streamId: `user-${ids.otherAdmin}`, expected: 'as_read', events: [changed('approved', 'rejected')] },
    ]);
    expect(plan.user).toEqual(rejectedAdmin);
  });

  it('refuses to reject the last approved administrator, or oneself', () => {
    const input = {
      userId: ids.otherAdmin,
      user: admin,
      status: 'rejected' as const,
      actorUserId: ids.admin,
      actorKeyId: null,
    };
    expect(() => planUserStatusChange({ ...input, roster: rosterOf(ids.otherAdmin) })).toThrow(
      LastAdministrator,
    );
    expect(() =>
      planUserStatusChange({
        ...input,
        actorUserId: ids.otherAdmin,
        actorKeyId: null,
        roster: rosterOf(ids.admin, ids.otherAdmin),
      }),
    ).toThrow(CannotRemoveSelf);
  });

  it('approves an administrator, then lists them in the roster', () => {
    const plan = planUserStatusChange({
      userId: ids.otherAdmin,
      user: rejectedAdmin,
      status: 'approved',
      actorUserId: ids.admin,
      actorKeyId: null,
      roster: rosterOf(ids.admin),
    });
    expect(plan.appends).toEqual([
      { streamId: `user-${ids.otherAdmin}`, expected: 'as_read', events: [changed('rejected', 'approved')] },
      {
        streamId: 'administrators',
        expected: 'as_read',
        events: [AdministratorAppointed.create({ userId: ids.otherAdmin })],
      },
    ]);
  });

  it('touches nothing when the status is already the one asked for', () => {
    const plan = planUserStatusChange({
      userId: ids.otherAdmin,
      user: rejectedAdmin,
      status: 'rejected',
      actorUserId: ids.admin,
      actorKeyId: null,
      roster: rosterOf(ids.admin),
    });
    expect(plan.appends.flatMap((append) => append.events)).toEqual([]);
  });
});
