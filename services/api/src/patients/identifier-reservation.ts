import type { z } from 'zod';
import {
  CnsReservationEventSchema,
  CpfReservationEventSchema,
  PatientCnsReleased,
  PatientCnsReserved,
  PatientCpfReleased,
  PatientCpfReserved,
  normalizeCpf,
  type CnsReservationEvent,
  type CpfReservationEvent,
  type PatientDetails,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import type { DomainError } from '../shared/domain-error.ts';
import { assertNever } from '../shared/assert-never.ts';
import { decideReservation, reservationEvents, type HolderStanding } from '../shared/reservation.ts';
import { DuplicateCns, DuplicateCpf } from './errors.ts';
import type { PatientState } from './patient.ts';

/*
 * A patient's CPF and CNS are unique without a read model: a `patient-cpf-<11 digits>` and a
 * `patient-cns-<15 digits>` stream per value, reserved before the `patient-<id>` stream is
 * written (the pattern and its reclaiming rules are `shared/reservation.ts`). A correction
 * reserves the new value the same way before the patient is updated, then releases the old
 * one; a deletion releases both. One decider for both identifiers, told apart by an
 * `IdentifierKind`: its events, its normal form and where the patient keeps it.
 */

/** Why a reservation is given up; each identifier's events spell `changed` their own way. */
export type ReleaseReason = 'patient_deleted' | 'changed' | 'orphaned';

/**
 * One identifier: its events, its normal form and where the patient keeps it. (Method syntax,
 * so that the kinds of both identifiers can travel in one list.)
 */
export interface IdentifierKind<
  Event extends { readonly type: string } = CpfReservationEvent | CnsReservationEvent,
> {
  /** The reservation stream's name part: `patient-<prefix>-<value>`. */
  readonly prefix: 'cpf' | 'cns';
  readonly eventSchema: z.ZodType<Event, z.ZodTypeDef, unknown>;
  /**
   * Whether a patient may hold the value without a reservation: CNS reservations began after
   * patients had been registered with theirs (every CPF has been reserved since the first).
   */
  readonly heldBeforeReservations: boolean;
  /** The value as its stream names it (digits only). */
  normalize(value: string): string;
  /** The patient's value, when it has one its stream could be named after. */
  of(details: Pick<PatientDetails, 'cpf' | 'cns'>): string | null;
  reserved(value: string, patientId: string, reservedAt: string): Event;
  released(value: string, patientId: string, reason: ReleaseReason): Event;
  /** What an event of the stream says: reserved (by whom, since when), or null when released. */
  read(event: Event): { value: string; patientId: string; reservedAt: string } | null;
  duplicate(value: string): DomainError;
}

const onlyDigits = (value: string): string => value.replace(/\D/g, '');

export const CPF: IdentifierKind<CpfReservationEvent> = {
  prefix: 'cpf',
  eventSchema: CpfReservationEventSchema,
  heldBeforeReservations: false,
  normalize: normalizeCpf,
  of: (details) => details.cpf,
  reserved: (cpf, patientId, reservedAt) => PatientCpfReserved.create({ cpf, patientId, reservedAt }),
  released: (cpf, patientId, reason) =>
    PatientCpfReleased.create({ cpf, patientId, reason: reason === 'changed' ? 'cpf_changed' : reason }),
  read: (event) =>
    event.type === 'PatientCpfReserved'
      ? { value: event.data.cpf, patientId: event.data.patientId, reservedAt: event.data.reservedAt }
      : null,
  duplicate: (cpf) => new DuplicateCpf(cpf),
};

/** A stored CNS that is not 15 digits (written before the check digits were enforced) has no stream. */
const reservableCns = (cns: string | null | undefined): string | null => {
  const digits = cns ? onlyDigits(cns) : '';
  return digits.length === 15 ? digits : null;
};

export const CNS: IdentifierKind<CnsReservationEvent> = {
  prefix: 'cns',
  eventSchema: CnsReservationEventSchema,
  heldBeforeReservations: true,
  normalize: onlyDigits,
  of: (details) => reservableCns(details.cns),
  reserved: (cns, patientId, reservedAt) => PatientCnsReserved.create({ cns, patientId, reservedAt }),
  released: (cns, patientId, reason) =>
    PatientCnsReleased.create({ cns, patientId, reason: reason === 'changed' ? 'cns_changed' : reason }),
  read: (event) =>
    event.type === 'PatientCnsReserved'
      ? { value: event.data.cns, patientId: event.data.patientId, reservedAt: event.data.reservedAt }
      : null,
  duplicate: (cns) => new DuplicateCns(cns),
};

/** Both identifiers, in the order their refusals are reported. */
export const PATIENT_IDENTIFIERS: readonly IdentifierKind[] = [CPF, CNS];

export type ReservationState =
  | { readonly kind: 'Free' }
  | {
      readonly kind: 'Reserved';
      readonly value: string;
      readonly patientId: string;
      readonly reservedAt: string;
    };

export interface ReserveIdentifier {
  readonly type: 'Reserve';
  readonly data: {
    readonly value: string;
    readonly patientId: string;
    /** ISO instant of the command. */
    readonly now: string;
    /**
     * The folded stream of the patient currently holding the reservation
     * (`patient-<holder id>`), or the initial state when the value is free or that stream does
     * not exist.
     */
    readonly holder: PatientState;
  };
}

/**
 * Frees the value of a deleted patient, the old value after a correction, or the value of a
 * registration whose patient was never written (`orphaned`).
 */
export interface ReleaseIdentifier {
  readonly type: 'Release';
  readonly data: {
    readonly value: string;
    readonly patientId: string;
    readonly reason: ReleaseReason;
  };
}

export type ReservationCommand = ReserveIdentifier | ReleaseIdentifier;

const RELEASE_REASONS = {
  deleted: 'patient_deleted',
  moved_on: 'changed',
  orphaned: 'orphaned',
} as const satisfies Record<string, ReleaseReason>;

/** The decider of one identifier's reservation streams. */
export function reservationDecider<Event extends { readonly type: string }>(
  identifier: IdentifierKind<Event>,
): Decider<ReservationCommand, Event, ReservationState> {
  /** What the holder's own stream says of `value` (see `decideReservation`). */
  const standingOf = (holder: PatientState, holderId: string, value: string): HolderStanding => {
    if (holder.kind === 'Unregistered') return 'never_written';
    if (holder.id !== holderId) return 'holding';
    if (holder.kind === 'Deleted') return 'deleted';
    // Corrected since (release not appended), or a correction to this value that never reached its stream.
    return identifier.of(holder.details) !== value ? 'moved_on' : 'holding';
  };

  const reserve = ({ data }: ReserveIdentifier, state: ReservationState): Event[] => {
    const value = identifier.normalize(data.value);
    const reserved = identifier.reserved(value, data.patientId, data.now);
    const current =
      state.kind === 'Reserved' ? { holderId: state.patientId, reservedAt: state.reservedAt } : undefined;
    const outcome = decideReservation(current, {
      holderId: data.patientId,
      now: data.now,
      standing: current ? standingOf(data.holder, current.holderId, value) : 'holding',
    });
    // Held by this patient already: taken again all the same, at a new revision, so that a
    // release decided on the old one (a correction of this patient still finishing, which
    // moved it away from this value) cannot free it. (A retried registration reserves nothing.)
    if (outcome.action === 'already_held') return [reserved];
    return reservationEvents(outcome, {
      reserved,
      released: (reason) =>
        identifier.released(value, current?.holderId ?? data.patientId, RELEASE_REASONS[reason]),
      refused: () => identifier.duplicate(value),
    });
  };

  /** Releasing what this patient does not hold changes nothing. */
  const release = ({ data }: ReleaseIdentifier, state: ReservationState): Event[] =>
    state.kind === 'Reserved' && state.patientId === data.patientId
      ? [identifier.released(state.value, state.patientId, data.reason)]
      : [];

  return {
    decide: (command, state) => {
      switch (command.type) {
        case 'Reserve':
          return reserve(command, state);
        case 'Release':
          return release(command, state);
        default:
          return assertNever(command);
      }
    },
    evolve: (_state, event) => {
      const reserved = identifier.read(event);
      return reserved ? { kind: 'Reserved', ...reserved } : { kind: 'Free' };
    },
    initialState: () => ({ kind: 'Free' }),
  };
}
