import { describe, expect, it } from 'vitest';
import { evolveEmailReservation, initialEmailReservationState } from './email-reservation.ts';
import { EmailAlreadyRegistered } from './errors.ts';
import { planRegistration, registrationAppends, type RegistrationInput } from './registration.ts';
import { emailReserved, ids, NOW, userRegistered } from './testing/fixtures.ts';
import { evolveUser, initialUserState, type RegisterUser } from './user.ts';

const addUser: RegisterUser = {
  type: 'RegisterUser',
  data: {
    userId: ids.newUser,
    email: 'Maria@SUS.gov.br',
    firstName: 'Maria',
    lastName: 'Souza',
    isAdmin: false,
    source: 'administrator',
  },
};

const givenEmail = (reservation: ReturnType<typeof emailReserved>[], holder = initialUserState()) => ({
  when: (command: RegisterUser): ReturnType<typeof planRegistration> =>
    planRegistration({
      command,
      emailReservation: reservation.reduce(evolveEmailReservation, initialEmailReservationState()),
      holder,
      now: NOW,
    } satisfies RegistrationInput),
});

describe('registering a user (Adicionar Usuário)', () => {
  it('reserves the email at the revision read, then writes the new user to a fresh stream', () => {
    const plan = givenEmail([]).when(addUser);
    expect(registrationAppends(plan)).toEqual([
      {
        streamId: 'user-email-maria@sus.gov.br',
        expected: 'as_read',
        events: [emailReserved('maria@sus.gov.br', ids.newUser)],
      },
      {
        streamId: `user-${ids.newUser}`,
        expected: 'no_stream',
        events: [expect.objectContaining({ type: 'UserRegistered' })],
      },
    ]);
    expect(plan.user).toMatchObject({ id: ids.newUser, email: 'maria@sus.gov.br', status: 'approved' });
  });

  it('refuses an email that already has an account, whatever its case', () => {
    const holder = [userRegistered()].reduce(evolveUser, initialUserState());
    expect(() => givenEmail([emailReserved('maria@sus.gov.br', ids.user)], holder).when(addUser)).toThrow(
      EmailAlreadyRegistered,
    );
  });

  it('writes only the user when a retried command already reserved the email', () => {
    const plan = givenEmail([emailReserved('maria@sus.gov.br', ids.newUser)]).when(addUser);
    expect(plan.reservation).toBeUndefined();
    expect(registrationAppends(plan).map((append) => append.streamId)).toEqual([`user-${ids.newUser}`]);
  });
});
