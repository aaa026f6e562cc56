import { assertNever } from './assert-never.ts';

/*
 * Uniqueness without a read model (emails of users, CPFs of patients). Each value has its own
 * stream; reserving appends there first, expecting the revision it read (`no_stream` the first
 * time). Two concurrent reservations of one value read the same revision, so exactly one
 * append succeeds and the other gets WrongExpectedVersion (→ 409): the guarantee a unique
 * index would give, on EventStoreDB as on PostgreSQL. Only then is the holder's stream written.
 *
 * Two appends are not one transaction, so a reservation can outlive its purpose: its holder
 * was deleted, or moved on to another value (the release not appended yet), or the process
 * died between the two appends (an orphan: the holder's stream was never written). Each is
 * reclaimed, looking at the holder's own stream; all but a deletion only after a grace
 * period, so an operation still between its two appends is never robbed of its value.
 */

/** How long a reservation whose holder does not (or no longer) use it is protected. */
export const RESERVATION_GRACE_MS = 5 * 60 * 1000;

/** What the holder's own stream says of the reserved value. */
export type HolderStanding =
  /** The holder still uses the value, or its stream says nothing else. */
  | 'holding'
  /** The holder was deleted: the value is free at once. */
  | 'deleted'
  /** The holder exists and uses another value now (corrected; release not appended yet). */
  | 'moved_on'
  /** The holder's stream was never written (the process died between the appends). */
  | 'never_written';

/** What to do with a request to reserve a value. */
export type ReservationOutcome =
  | { readonly action: 'reserve' }
  /** The same holder asks again (a retried operation): nothing to append. */
  | { readonly action: 'already_held' }
  /** Release the old holder's reservation, then reserve. */
  | { readonly action: 'reclaim'; readonly reason: 'deleted' | 'moved_on' | 'orphaned' }
  | { readonly action: 'refuse' };

export interface CurrentReservation {
  readonly holderId: string;
  /** ISO instant of the reservation. */
  readonly reservedAt: string;
}

/**
 * Decides a reservation of a value held by `current` (undefined: free) for `holderId` at
 * `now`, given what the current holder's stream says (`standing`). Pure.
 */
export function decideReservation(
  current: CurrentReservation | undefined,
  request: { readonly holderId: string; readonly now: string; readonly standing: HolderStanding },
): ReservationOutcome {
  if (!current) return { action: 'reserve' };
  if (current.holderId === request.holderId) return { action: 'already_held' };
  if (request.standing === 'deleted') return { action: 'reclaim', reason: 'deleted' };
  const graceOver = Date.parse(request.now) - Date.parse(current.reservedAt) >= RESERVATION_GRACE_MS;
  if (!graceOver) return { action: 'refuse' };
  if (request.standing === 'moved_on') return { action: 'reclaim', reason: 'moved_on' };
  if (request.standing === 'never_written') return { action: 'reclaim', reason: 'orphaned' };
  return { action: 'refuse' };
}

/**
 * The events of an outcome: the reservation; nothing for a retry; the old holder's release,
 * then the reservation; or the refusal, thrown.
 */
export function reservationEvents<Event>(
  outcome: ReservationOutcome,
  events: {
    readonly reserved: Event;
    readonly released: (reason: 'deleted' | 'moved_on' | 'orphaned') => Event;
    readonly refused: () => Error;
  },
): Event[] {
  switch (outcome.action) {
    case 'reserve':
      return [events.reserved];
    case 'already_held':
      return []; // a retry of the same operation
    case 'reclaim':
      return [events.released(outcome.reason), events.reserved];
    case 'refuse':
      throw events.refused();
    default:
      return assertNever(outcome);
  }
}
