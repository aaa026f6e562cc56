import {
  AdministratorAppointed,
  AdministratorKeyWithdrawn,
  AdministratorRemoved,
  identityErrorMessages,
  UserStatusChanged,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import {
  administratorRosterDecider,
  evolveAdministratorRoster,
  initialAdministratorRosterState,
  planRosterAppointments,
  planRosterKeyWithdrawal,
  planRosterRemoval,
} from './administrator-roster.ts';
import { AdministrationRevoked, LastAdministrator } from './errors.ts';
import { ids, registrationRequested, userRegistered } from './testing/fixtures.ts';
import { evolveUser, initialUserState } from './user.ts';

const spec = deciderSpecification(administratorRosterDecider);
const appointed = (userId: string) => AdministratorAppointed.create({ userId });
const withdrawn = (userId: string, keyId: string) => AdministratorKeyWithdrawn.create({ userId, keyId });
const rosterOf = (...userIds: string[]) =>
  userIds.map(appointed).reduce(evolveAdministratorRoster, initialAdministratorRosterState());
const approvedAdmin = (userId: string) =>
  [userRegistered({ userId, isAdmin: true })].reduce(evolveUser, initialUserState());

describe('administrators roster', () => {
  it('appoints an administrator once', () => {
    spec([])
      .when({ type: 'AppointAdministrator', data: { userId: ids.admin } })
      .then([appointed(ids.admin)]);
    spec([appointed(ids.admin)])
      .when({ type: 'AppointAdministrator', data: { userId: ids.admin } })
      .thenNothingHappens();
  });

  it('removes an administrator while another remains', () => {
    spec([appointed(ids.admin), appointed(ids.otherAdmin)])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.otherAdmin, action: 'reject', actor: null } })
      .then([AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' })]);
  });

  it('refuses to remove the last approved administrator', () => {
    spec([appointed(ids.admin)])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.admin, action: 'reject', actor: null } })
      .thenThrows(LastAdministrator, 'Não é possível rejeitar o último administrador aprovado');
    spec([
      appointed(ids.admin),
      appointed(ids.otherAdmin),
      AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'deleted' }),
    ])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.admin, action: 'delete', actor: null } })
      .thenThrows(LastAdministrator, 'Não é possível excluir o último administrador aprovado');
  });

  it('of two removals decided on the same roster, the second (on the roster the first left) is refused', () => {
    // What the expected revision enforces: the loser reads again and decides on fresh state.
    const both = [appointed(ids.admin), appointed(ids.otherAdmin)];
    spec(both)
      .when({ type: 'RemoveAdministrator', data: { userId: ids.otherAdmin, action: 'reject', actor: null } })
      .then([AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' })]);
    spec([...both, AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' })])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.admin, action: 'reject', actor: null } })
      .thenThrows(LastAdministrator);
  });

  it('records a removal of someone it did not list (the append is the lock), unless nobody else is left', () => {
    spec([appointed(ids.admin)])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.otherAdmin, action: 'delete', actor: null } })
      .then([AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'deleted' })]);
    spec([])
      .when({ type: 'RemoveAdministrator', data: { userId: ids.otherAdmin, action: 'delete', actor: null } })
      .thenThrows(LastAdministrator);
  });

  it("withdraws another administrator's key, as the lock of its deactivation", () => {
    spec([appointed(ids.admin), appointed(ids.otherAdmin)])
      .when({
        type: 'WithdrawAdministratorKey',
        data: { userId: ids.otherAdmin, keyId: ids.otherKey, actor: { userId: ids.admin, keyId: ids.key } },
      })
      .then([withdrawn(ids.otherAdmin, ids.otherKey)]);
  });

  it("of two administrators deactivating each other's keys at once, the second to decide is refused", () => {
    // Each read the same roster; the first append wins, the other decides again on it.
    const both = [appointed(ids.admin), appointed(ids.otherAdmin)];
    spec([...both, withdrawn(ids.otherAdmin, ids.otherKey)])
      .when({
        type: 'WithdrawAdministratorKey',
        data: { userId: ids.admin, keyId: ids.key, actor: { userId: ids.otherAdmin, keyId: ids.otherKey } },
      })
      .thenThrows(AdministrationRevoked, identityErrorMessages.administrationRevoked);
    // The same for a removal decided by an administrator whose key was withdrawn meanwhile…
    spec([...both, appointed(ids.user), withdrawn(ids.otherAdmin, ids.otherKey)])
      .when({
        type: 'RemoveAdministrator',
        data: { userId: ids.user, action: 'delete', actor: { userId: ids.otherAdmin, keyId: ids.otherKey } },
      })
      .thenThrows(AdministrationRevoked);
    // …or who was removed meanwhile.
    spec([...both, AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' })])
      .when({
        type: 'WithdrawAdministratorKey',
        data: { userId: ids.admin, keyId: ids.key, actor: { userId: ids.otherAdmin, keyId: ids.otherKey } },
      })
      .thenThrows(AdministrationRevoked);
  });

  it('lets an administrator removed and appointed again act, with a key not withdrawn', () => {
    spec([
      appointed(ids.admin),
      appointed(ids.otherAdmin),
      AdministratorRemoved.create({ userId: ids.otherAdmin, reason: 'rejected' }),
      appointed(ids.otherAdmin),
      withdrawn(ids.otherAdmin, ids.otherKey),
    ])
      .when({
        type: 'WithdrawAdministratorKey',
        data: { userId: ids.admin, keyId: ids.key, actor: { userId: ids.otherAdmin, keyId: 'a-new-key' } },
      })
      .then([withdrawn(ids.admin, ids.key)]);
  });

  it('is seeded once, for a system from before the roster', () => {
    spec([])
      .when({ type: 'SeedRoster', data: { administrators: [ids.admin, ids.otherAdmin, ids.admin] } })
      .then([appointed(ids.admin), appointed(ids.otherAdmin)]);
    spec([appointed(ids.admin)])
      .when({ type: 'SeedRoster', data: { administrators: [ids.otherAdmin] } })
      .thenNothingHappens();
  });
});

describe('roster plans', () => {
  it('removes only approved administrators, at the revision read', () => {
    expect(planRosterRemoval(approvedAdmin(ids.user), rosterOf(ids.admin, ids.user), 'delete', null)).toEqual(
      [
        {
          streamId: 'administrators',
          expected: 'as_read',
          events: [AdministratorRemoved.create({ userId: ids.user, reason: 'deleted' })],
        },
      ],
    );
    const plainUser = [userRegistered()].reduce(evolveUser, initialUserState());
    expect(planRosterRemoval(plainUser, rosterOf(ids.admin), 'delete', null)).toEqual([]);
    const rejectedAdmin = [
      userRegistered({ userId: ids.user, isAdmin: true }),
      UserStatusChanged.create({
        userId: ids.user,
        email: 'maria@sus.gov.br',
        from: 'approved',
        to: 'rejected',
      }),
    ].reduce(evolveUser, initialUserState());
    expect(planRosterRemoval(rejectedAdmin, rosterOf(ids.admin), 'delete', null)).toEqual([]);
  });

  it("withdraws a key in the roster only when it is an approved administrator's", () => {
    const actor = { userId: ids.admin, keyId: ids.key };
    expect(
      planRosterKeyWithdrawal(approvedAdmin(ids.user), ids.otherKey, rosterOf(ids.admin, ids.user), actor),
    ).toEqual([
      { streamId: 'administrators', expected: 'as_read', events: [withdrawn(ids.user, ids.otherKey)] },
    ]);
    const plainUser = [userRegistered()].reduce(evolveUser, initialUserState());
    expect(planRosterKeyWithdrawal(plainUser, ids.otherKey, rosterOf(ids.admin), actor)).toEqual([]);
  });

  it('completes a withdrawal decided before (its key append lost a race): nothing more in the roster, whoever acts', () => {
    const decided = [withdrawn(ids.user, ids.otherKey)].reduce(
      evolveAdministratorRoster,
      rosterOf(ids.admin, ids.user),
    );
    const removedActor = [AdministratorRemoved.create({ userId: ids.admin, reason: 'rejected' })].reduce(
      evolveAdministratorRoster,
      decided,
    );
    expect(
      planRosterKeyWithdrawal(approvedAdmin(ids.user), ids.otherKey, removedActor, {
        userId: ids.admin,
        keyId: ids.key,
      }),
    ).toEqual([]);
  });

  it('appoints the approved administrators not listed yet, and nobody else', () => {
    const pending = [registrationRequested(ids.newUser)].reduce(evolveUser, initialUserState());
    expect(
      planRosterAppointments(
        [approvedAdmin(ids.admin), approvedAdmin(ids.otherAdmin), pending],
        rosterOf(ids.admin),
      ),
    ).toEqual([{ streamId: 'administrators', expected: 'as_read', events: [appointed(ids.otherAdmin)] }]);
    expect(planRosterAppointments([approvedAdmin(ids.admin)], rosterOf(ids.admin))).toEqual([]);
  });
});
