import type { EmailReservationEvent, UserEvent } from '@bari/contracts';
import { decideEmailReservation, type EmailReservationState } from './email-reservation.ts';
import type { PlannedAppend } from './planned-append.ts';
import { emailReservationStreamId, userStreamId } from './streams.ts';
import {
  decideUser,
  evolveUser,
  initialUserState,
  type RegisteredUser,
  type RegisterUser,
  type RequestRegistration,
  type UserState,
} from './user.ts';

export interface RegistrationInput {
  readonly command: RegisterUser | RequestRegistration;
  /** The folded `user-email-<email>` stream. */
  readonly emailReservation: EmailReservationState;
  /** The folded stream of the reservation's current holder (initial state if none). */
  readonly holder: UserState;
  readonly now: string;
}

export interface RegistrationPlan {
  /**
   * Appended first, at the revision read (`as_read`): the uniqueness guard. Absent when the
   * email is already reserved for this very user (a retried command).
   */
  readonly reservation: PlannedAppend<EmailReservationEvent> | undefined;
  /** Appended second, to a fresh stream (`no_stream`). */
  readonly userAppend: PlannedAppend<UserEvent>;
  readonly user: RegisteredUser;
}

/** Reservation then user, as the handler appends them. */
export const registrationAppends = (plan: RegistrationPlan): PlannedAppend[] =>
  plan.reservation ? [plan.reservation, plan.userAppend] : [plan.userAppend];

/**
 * A new user and the reservation of their email, for 'Adicionar Usuário', initialization
 * and invitation sign-ins. Throws `EmailAlreadyRegistered` when the email has an account.
 * If the reservation append fails, nothing was written; if the process dies after it, the
 * reservation is an orphan that `reserveEmail` reclaims after its grace period.
 */
export function planRegistration({
  command,
  emailReservation,
  holder,
  now,
}: RegistrationInput): RegistrationPlan {
  const { userId, email } = command.data;
  const reservationEvents = decideEmailReservation(
    { type: 'ReserveEmail', data: { email, userId, now, holder } },
    emailReservation,
  );
  const userEvents = decideUser(command, initialUserState());
  const state = userEvents.reduce(evolveUser, initialUserState());
  if (state.kind !== 'Registered') throw new Error('A registration must register its user');
  return {
    reservation:
      reservationEvents.length > 0
        ? { streamId: emailReservationStreamId(email), expected: 'as_read', events: reservationEvents }
        : undefined,
    userAppend: { streamId: userStreamId(userId), expected: 'no_stream', events: userEvents },
    user: state.user,
  };
}
