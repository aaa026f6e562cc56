import { EmailReleased } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS } from '../shared/reservation.ts';
import { emailReservationDecider, type ReserveEmail } from './email-reservation.ts';
import { EmailAlreadyRegistered } from './errors.ts';
import { emailReservationStreamId } from './streams.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import { emailReserved, ids, NOW } from './testing/fixtures.ts';
import { initialUserState, type UserState } from './user.ts';

const spec = deciderSpecification(emailReservationDecider);
const EMAIL = 'maria@sus.gov.br';
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

const reserve = (
  holder: UserState = initialUserState(),
  now = NOW,
  userId: string = ids.newUser,
): ReserveEmail => ({
  type: 'ReserveEmail',
  data: { email: ' Maria@SUS.gov.br', userId, now, holder },
});
const registeredHolder: UserState = {
  kind: 'Registered',
  user: {
    id: ids.user,
    email: EMAIL,
    firstName: 'Maria',
    lastName: 'Souza',
    isAdmin: false,
    status: 'approved',
    source: 'administrator',
  },
};

describe('email reservation', () => {
  it('names its stream by the normalised email', () => {
    expect(emailReservationStreamId(' Maria@SUS.gov.br ')).toBe('user-email-maria@sus.gov.br');
  });

  it('reserves a free email for the new user', () => {
    spec([])
      .when(reserve())
      .then([emailReserved(EMAIL, ids.newUser)]);
  });

  it('refuses an email another user holds', () => {
    spec([emailReserved(EMAIL, ids.user)])
      .when(reserve(registeredHolder))
      .thenThrows(EmailAlreadyRegistered, 'Já existe um usuário cadastrado com este email');
  });

  it('does nothing when the same user reserves again (a retried registration)', () => {
    spec([emailReserved(EMAIL, ids.newUser)])
      .when(reserve())
      .thenNothingHappens();
  });

  it('takes over the email of a deleted user', () => {
    const deleted: UserState = { kind: 'Deleted', userId: ids.user, email: EMAIL };
    spec([emailReserved(EMAIL, ids.user)])
      .when(reserve(deleted))
      .then([
        EmailReleased.create({ email: EMAIL, userId: ids.user, reason: 'user_deleted' }),
        emailReserved(EMAIL, ids.newUser),
      ]);
  });

  it('reclaims an orphaned reservation (its user was never written) after the grace period', () => {
    const now = later(RESERVATION_GRACE_MS);
    spec([emailReserved(EMAIL, ids.user)])
      .when(reserve(initialUserState(), now))
      .then([
        EmailReleased.create({ email: EMAIL, userId: ids.user, reason: 'orphaned' }),
        emailReserved(EMAIL, ids.newUser, now),
      ]);
  });

  it('keeps a reservation whose user is still being written (within the grace period)', () => {
    spec([emailReserved(EMAIL, ids.user)])
      .when(reserve(initialUserState(), later(RESERVATION_GRACE_MS - 1)))
      .thenThrows(EmailAlreadyRegistered);
  });

  it('refuses when the holder given is not the reservation’s user', () => {
    spec([emailReserved(EMAIL, ids.user)])
      .when(reserve({ kind: 'Deleted', userId: ids.otherAdmin, email: EMAIL }))
      .thenThrows(EmailAlreadyRegistered);
  });

  it('reserves again after a release', () => {
    spec([
      emailReserved(EMAIL, ids.user),
      EmailReleased.create({ email: EMAIL, userId: ids.user, reason: 'user_deleted' }),
    ])
      .when(reserve())
      .then([emailReserved(EMAIL, ids.newUser)]);
  });

  it('releases the email of a deleted user', () => {
    spec([emailReserved(EMAIL, ids.user)])
      .when({ type: 'ReleaseEmail', data: { email: EMAIL, userId: ids.user } })
      .then([EmailReleased.create({ email: EMAIL, userId: ids.user, reason: 'user_deleted' })]);
  });

  it('releases nothing the user does not hold', () => {
    spec([emailReserved(EMAIL, ids.newUser)])
      .when({ type: 'ReleaseEmail', data: { email: EMAIL, userId: ids.user } })
      .thenNothingHappens();
    spec([])
      .when({ type: 'ReleaseEmail', data: { email: EMAIL, userId: ids.user } })
      .thenNothingHappens();
  });
});
