import { UserDeleted, UserLoggedOut, UserRegistered, UserStatusChanged } from '@bari/contracts';
import { describe, it } from 'vitest';
import { CannotRemoveSelf, UserAlreadyExists, UserNotFound } from './errors.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import { ids, registrationRequested, userRegistered } from './testing/fixtures.ts';
import { userDecider, type ChangeUserStatus, type DeleteUser } from './user.ts';

const spec = deciderSpecification(userDecider);

const changeStatus = (
  status: 'approved' | 'rejected',
  overrides: Partial<ChangeUserStatus['data']> = {},
): ChangeUserStatus => ({
  type: 'ChangeUserStatus',
  data: { userId: ids.user, status, actorUserId: ids.admin, ...overrides },
});

const deleteUser = (overrides: Partial<DeleteUser['data']> = {}): DeleteUser => ({
  type: 'DeleteUser',
  data: { userId: ids.user, actorUserId: ids.admin, ...overrides },
});

const statusChanged = (
  from: 'pending' | 'approved' | 'rejected',
  to: 'approved' | 'rejected',
  userId: string = ids.user,
) => UserStatusChanged.create({ userId, email: 'maria@sus.gov.br', from, to });

describe('user registration', () => {
  it('registers a user created by an administrator as approved, with a normalised email', () => {
    spec([])
      .when({
        type: 'RegisterUser',
        data: {
          userId: ids.user,
          email: '  Maria@SUS.gov.br ',
          firstName: ' Maria ',
          lastName: 'Souza',
          isAdmin: false,
          source: 'administrator',
        },
      })
      .then([
        UserRegistered.create({
          source: 'administrator',
          userId: ids.user,
          email: 'maria@sus.gov.br',
          firstName: 'Maria',
          lastName: 'Souza',
          isAdmin: false,
          status: 'approved',
        }),
      ]);
  });

  it('registers a request made with an invitation key as pending, without names', () => {
    spec([])
      .when({
        type: 'RequestRegistration',
        data: { userId: ids.user, email: 'Maria@sus.gov.br', accessKeyId: ids.key },
      })
      .then([registrationRequested()]);
  });

  it('refuses to register twice in one stream', () => {
    spec([userRegistered()])
      .when({
        type: 'RegisterUser',
        data: {
          userId: ids.user,
          email: 'x@sus.gov.br',
          firstName: 'X',
          lastName: 'Y',
          isAdmin: false,
          source: 'administrator',
        },
      })
      .thenThrows(UserAlreadyExists, 'Este usuário já existe');
  });
});

describe('user status', () => {
  it('approves a pending user', () => {
    spec([registrationRequested()])
      .when(changeStatus('approved'))
      .then([statusChanged('pending', 'approved')]);
  });

  it('rejects a pending user', () => {
    spec([registrationRequested()])
      .when(changeStatus('rejected'))
      .then([statusChanged('pending', 'rejected')]);
  });

  it('rejects an approved user', () => {
    spec([userRegistered()])
      .when(changeStatus('rejected'))
      .then([statusChanged('approved', 'rejected')]);
  });

  it('approves a rejected user again', () => {
    spec([userRegistered(), statusChanged('approved', 'rejected')])
      .when(changeStatus('approved'))
      .then([statusChanged('rejected', 'approved')]);
  });

  it('does nothing when the user already has the status (an idempotent retry)', () => {
    spec([userRegistered()]).when(changeStatus('approved')).thenNothingHappens();
    spec([userRegistered(), statusChanged('approved', 'rejected')])
      .when(changeStatus('rejected'))
      .thenNothingHappens();
  });

  it('refuses to let an administrator reject themself', () => {
    spec([userRegistered({ userId: ids.admin, isAdmin: true })])
      .when(changeStatus('rejected', { userId: ids.admin, actorUserId: ids.admin }))
      .thenThrows(CannotRemoveSelf, 'Você não pode rejeitar a sua própria conta');
  });

  it('rejects an approved administrator (the last-administrator rule is the roster’s)', () => {
    spec([userRegistered({ userId: ids.otherAdmin, isAdmin: true })])
      .when(changeStatus('rejected', { userId: ids.otherAdmin, actorUserId: null }))
      .then([statusChanged('approved', 'rejected', ids.otherAdmin)]);
  });

  it('refuses to change the status of an unknown user', () => {
    spec([]).when(changeStatus('approved')).thenThrows(UserNotFound, 'Usuário não encontrado');
  });

  it('refuses to change the status of a deleted user', () => {
    spec([userRegistered(), UserDeleted.create({ userId: ids.user, email: 'maria@sus.gov.br' })])
      .when(changeStatus('rejected'))
      .thenThrows(UserNotFound);
  });
});

describe('user deletion', () => {
  it('deletes a user', () => {
    spec([userRegistered()])
      .when(deleteUser())
      .then([UserDeleted.create({ userId: ids.user, email: 'maria@sus.gov.br' })]);
  });

  it('refuses to let an administrator delete themself', () => {
    spec([userRegistered({ userId: ids.admin, isAdmin: true })])
      .when(deleteUser({ userId: ids.admin, actorUserId: ids.admin }))
      .thenThrows(CannotRemoveSelf, 'Você não pode excluir a sua própria conta');
  });

  it('deletes an administrator (the last-administrator rule is the roster’s)', () => {
    spec([userRegistered({ userId: ids.otherAdmin, isAdmin: true })])
      .when(deleteUser({ userId: ids.otherAdmin }))
      .then([UserDeleted.create({ userId: ids.otherAdmin, email: 'maria@sus.gov.br' })]);
  });

  it('refuses to delete an unknown or already deleted user', () => {
    spec([]).when(deleteUser()).thenThrows(UserNotFound);
    spec([userRegistered(), UserDeleted.create({ userId: ids.user, email: 'maria@sus.gov.br' })])
      .when(deleteUser())
      .thenThrows(UserNotFound);
  });
});

describe('logout', () => {
  it('records the logout of a registered user', () => {
    spec([userRegistered()])
      .when({ type: 'RecordLogout', data: { userId: ids.user } })
      .then([UserLoggedOut.create({ userId: ids.user, email: 'maria@sus.gov.br' })]);
  });

  it('records nothing for a deleted user (the session just ends)', () => {
    spec([userRegistered(), UserDeleted.create({ userId: ids.user, email: 'maria@sus.gov.br' })])
      .when({ type: 'RecordLogout', data: { userId: ids.user } })
      .thenNothingHappens();
  });
});
