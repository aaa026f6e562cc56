import {
  PatientCpfReleased,
  PatientCpfReserved,
  normalizeCpf,
  type CpfReservationEvent,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { DuplicateCpf } from './errors.ts';
import type { PatientState } from './patient.ts';

/*
 * CPF uniqueness without a read model. Each CPF has a stream `patient-cpf-<11 digits>`;
 * registering a patient first appends `PatientCpfReserved` there, expecting the revision it
 * read (`no_stream` the first time). Two concurrent registrations of one CPF read the same
 * revision, so exactly one append succeeds and the other gets WrongExpectedVersion (→ 409):
 * the guarantee a unique index would give, on EventStoreDB as on PostgreSQL. Only then is the
 * `patient-<id>` stream written. A CPF correction reserves the new CPF the same way before
 * the patient is updated, then releases the old one; a deletion releases it.
 *
 * Two appends are not one transaction, so a reservation can outlive its purpose: the patient
 * was deleted or its CPF corrected (and the release not yet appended), or the process died
 * between the two appends (an orphan: the patient stream was never written). All three are
 * reclaimed here, looking at the holder's own stream; all but a deletion only after a grace
 * period, so a registration or correction still between its appends is never robbed of its CPF.
 */

export const ORPHANED_CPF_RESERVATION_GRACE_MS = 5 * 60 * 1000;

export type CpfReservationState =
  | { readonly kind: 'Free' }
  | {
      readonly kind: 'Reserved';
      readonly cpf: string;
      readonly patientId: string;
      readonly reservedAt: string;
    };

export const initialCpfReservationState = (): CpfReservationState => ({ kind: 'Free' });

export function evolveCpfReservation(
  state: CpfReservationState,
  event: CpfReservationEvent,
): CpfReservationState {
  switch (event.type) {
    case 'PatientCpfReserved':
      return { kind: 'Reserved', ...event.data };
    case 'PatientCpfReleased':
      return { kind: 'Free' };
    default:
      return assertNever(event);
  }
}

export interface ReserveCpf {
  readonly type: 'ReserveCpf';
  readonly data: {
    readonly cpf: string;
    readonly patientId: string;
    /** ISO instant of the command. */
    readonly now: string;
    /**
     * The folded stream of the patient currently holding the reservation
     * (`patient-<holder id>`), or the initial state when the CPF is free or that stream does
     * not exist.
     */
    readonly holder: PatientState;
  };
}

/** Frees the CPF of a deleted patient, or the old CPF after a correction. */
export interface ReleaseCpf {
  readonly type: 'ReleaseCpf';
  readonly data: {
    readonly cpf: string;
    readonly patientId: string;
    readonly reason: 'patient_deleted' | 'cpf_changed';
  };
}

export type CpfReservationCommand = ReserveCpf | ReleaseCpf;

export function reserveCpf({ data }: ReserveCpf, state: CpfReservationState): CpfReservationEvent[] {
  const cpf = normalizeCpf(data.cpf);
  const reserve = PatientCpfReserved.create({ cpf, patientId: data.patientId, reservedAt: data.now });
  if (state.kind === 'Free') return [reserve];
  if (state.patientId === data.patientId) return []; // a retry of the same registration

  const release = (reason: PatientCpfReleased['data']['reason']) =>
    PatientCpfReleased.create({ cpf, patientId: state.patientId, reason });
  const { holder } = data;
  const graceOver = Date.parse(data.now) - Date.parse(state.reservedAt) >= ORPHANED_CPF_RESERVATION_GRACE_MS;
  if (holder.kind === 'Deleted' && holder.id === state.patientId)
    return [release('patient_deleted'), reserve];
  // The holder uses another CPF: corrected since (release not appended), or a correction to this
  // CPF that never reached its stream. Within the grace period it may still be on its way.
  if (
    holder.kind === 'Registered' &&
    holder.id === state.patientId &&
    holder.details.cpf !== cpf &&
    graceOver
  ) {
    return [release('cpf_changed'), reserve];
  }
  if (holder.kind === 'Unregistered' && graceOver) return [release('orphaned'), reserve];
  throw new DuplicateCpf(cpf);
}

/** Releasing what this patient does not hold changes nothing. */
export function releaseCpf({ data }: ReleaseCpf, state: CpfReservationState): CpfReservationEvent[] {
  if (state.kind !== 'Reserved' || state.patientId !== data.patientId) return [];
  return [PatientCpfReleased.create({ cpf: state.cpf, patientId: state.patientId, reason: data.reason })];
}

export function decideCpfReservation(
  command: CpfReservationCommand,
  state: CpfReservationState,
): CpfReservationEvent[] {
  switch (command.type) {
    case 'ReserveCpf':
      return reserveCpf(command, state);
    case 'ReleaseCpf':
      return releaseCpf(command, state);
    default:
      return assertNever(command);
  }
}

export const cpfReservationDecider: Decider<CpfReservationCommand, CpfReservationEvent, CpfReservationState> =
  {
    decide: decideCpfReservation,
    evolve: evolveCpfReservation,
    initialState: initialCpfReservationState,
  };
