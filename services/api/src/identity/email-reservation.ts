import { EmailReleased, EmailReserved, type EmailReservationEvent } from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { decideReservation, reservationEvents, type HolderStanding } from '../shared/reservation.ts';
import { normalizeEmail } from './email.ts';
import { EmailAlreadyRegistered } from './errors.ts';
import type { UserState } from './user.ts';

/*
 * Email uniqueness without a read model: a `user-email-<email>` stream per normalised email,
 * reserved before the new `user-<id>` stream is written (the pattern and its reclaiming rules
 * are `shared/reservation.ts`; an email never changes, so its holder never "moves on").
 *
 * The reservation also answers "which user has this email?" with strong consistency, which
 * is how login finds the account: read the reservation, then the holder's stream.
 */

export type EmailReservationState =
  | { readonly kind: 'Free' }
  | {
      readonly kind: 'Reserved';
      readonly email: string;
      readonly userId: string;
      readonly reservedAt: string;
    };

export const initialEmailReservationState = (): EmailReservationState => ({ kind: 'Free' });

export function evolveEmailReservation(
  state: EmailReservationState,
  event: EmailReservationEvent,
): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      return { kind: 'Reserved', ...event.data };
    case 'EmailReleased':
      return { kind: 'Free' };
    default:
      return assertNever(event);
  }
}

export interface ReserveEmail {
  readonly type: 'ReserveEmail';
  readonly data: {
    readonly email: string;
    readonly userId: string;
    readonly now: string;
    /**
     * The folded stream of the user currently holding the reservation (`user-<holder id>`),
     * or the initial state when the email is free or that stream does not exist.
     */
    readonly holder: UserState;
  };
}

export interface ReleaseEmail {
  readonly type: 'ReleaseEmail';
  readonly data: { readonly email: string; readonly userId: string };
}

export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

/** What the holder's own stream says (see `decideReservation`). */
function standingOf(holder: UserState, holderId: string): HolderStanding {
  if (holder.kind === 'Unregistered') return 'never_written';
  return holder.kind === 'Deleted' && holder.userId === holderId ? 'deleted' : 'holding';
}

export function reserveEmail({ data }: ReserveEmail, state: EmailReservationState): EmailReservationEvent[] {
  const email = normalizeEmail(data.email);
  const reserve = EmailReserved.create({ email, userId: data.userId, reservedAt: data.now });
  const current =
    state.kind === 'Reserved' ? { holderId: state.userId, reservedAt: state.reservedAt } : undefined;
  const outcome = decideReservation(current, {
    holderId: data.userId,
    now: data.now,
    standing: current ? standingOf(data.holder, current.holderId) : 'holding',
  });
  return reservationEvents<EmailReservationEvent>(outcome, {
    reserved: reserve,
    released: (reason) =>
      EmailReleased.create({
        email,
        userId: current?.holderId ?? data.userId,
        reason: reason === 'deleted' ? 'user_deleted' : 'orphaned',
      }),
    refused: () => new EmailAlreadyRegistered(email),
  });
}

/** Frees the email of a deleted user. Releasing what this user does not hold changes nothing. */
export function releaseEmail({ data }: ReleaseEmail, state: EmailReservationState): EmailReservationEvent[] {
  if (state.kind !== 'Reserved' || state.userId !== data.userId) return [];
  return [EmailReleased.create({ email: state.email, userId: state.userId, reason: 'user_deleted' })];
}

export function decideEmailReservation(
  command: EmailReservationCommand,
  state: EmailReservationState,
): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      return reserveEmail(command, state);
    case 'ReleaseEmail':
      return releaseEmail(command, state);
    default:
      return assertNever(command);
  }
}

export const emailReservationDecider: Decider<
  EmailReservationCommand,
  EmailReservationEvent,
  EmailReservationState
> = {
  decide: decideEmailReservation,
  evolve: evolveEmailReservation,
  initialState: initialEmailReservationState,
};
