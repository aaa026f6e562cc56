import { EmailReleased, EmailReserved, type EmailReservationEvent } from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { normalizeEmail } from './email.ts';
import { EmailAlreadyRegistered } from './errors.ts';
import type { UserState } from './user.ts';

/*
 * Email uniqueness without a read model. Each normalised email has a stream
 * `user-email-<email>`; registering a user first appends `EmailReserved` there, expecting the
 * revision it read (`no_stream` the first time). Two concurrent registrations of one email
 * read the same revision, so exactly one append succeeds and the other gets
 * WrongExpectedVersion (→ 409) — the guarantee a unique index would give, and one that holds
 * on EventStoreDB as well as on PostgreSQL. Only then is the new `user-<id>` stream written.
 *
 * The reservation also answers "which user has this email?" with strong consistency, which
 * is how login finds the account: read the reservation, then the holder's stream.
 *
 * Two appends are not one transaction, so a reservation can outlive its purpose: the user was
 * deleted (and the release not yet appended), or the process died between the two appends
 * (an orphan: the holder's stream was never written). Both are reclaimed here. An orphan is
 * reclaimed only after a grace period, so a registration still between its two appends is
 * never robbed of its email.
 */

export const ORPHANED_RESERVATION_GRACE_MS = 5 * 60 * 1000;

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

export function reserveEmail({ data }: ReserveEmail, state: EmailReservationState): EmailReservationEvent[] {
  const email = normalizeEmail(data.email);
  const reserve = EmailReserved.create({ email, userId: data.userId, reservedAt: data.now });
  if (state.kind === 'Free') return [reserve];
  if (state.userId === data.userId) return []; // a retry of the same registration

  const release = (reason: 'user_deleted' | 'orphaned') =>
    EmailReleased.create({ email, userId: state.userId, reason });
  const { holder } = data;
  if (holder.kind === 'Deleted' && holder.userId === state.userId) return [release('user_deleted'), reserve];
  if (
    holder.kind === 'Unregistered' &&
    elapsedMs(state.reservedAt, data.now) >= ORPHANED_RESERVATION_GRACE_MS
  ) {
    return [release('orphaned'), reserve];
  }
  throw new EmailAlreadyRegistered(email);
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

function elapsedMs(from: string, to: string): number {
  return Date.parse(to) - Date.parse(from);
}
