import {
  PatientCpfReleased,
  PatientCpfReserved,
  normalizeCpf,
  type CpfReservationEvent,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { decideReservation, type HolderStanding } from '../shared/reservation.ts';
import { DuplicateCpf } from './errors.ts';
import type { PatientState } from './patient.ts';

/*
 * CPF uniqueness without a read model: a `patient-cpf-<11 digits>` stream per CPF, reserved
 * before the `patient-<id>` stream is written (the pattern and its reclaiming rules are
 * `shared/reservation.ts`). A CPF correction reserves the new CPF the same way before the
 * patient is updated, then releases the old one; a deletion releases it.
 */

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

/**
 * Frees the CPF of a deleted patient, the old CPF after a correction, or the CPF of a
 * registration whose patient was never written (`orphaned`).
 */
export interface ReleaseCpf {
  readonly type: 'ReleaseCpf';
  readonly data: {
    readonly cpf: string;
    readonly patientId: string;
    readonly reason: PatientCpfReleased['data']['reason'];
  };
}

export type CpfReservationCommand = ReserveCpf | ReleaseCpf;

/** What the holder's own stream says of `cpf` (see `decideReservation`). */
function standingOf(holder: PatientState, holderId: string, cpf: string): HolderStanding {
  if (holder.kind === 'Unregistered') return 'never_written';
  if (holder.id !== holderId) return 'holding';
  if (holder.kind === 'Deleted') return 'deleted';
  // Corrected since (release not appended), or a correction to this CPF that never reached its stream.
  return holder.details.cpf !== cpf ? 'moved_on' : 'holding';
}

const RELEASE_REASONS = {
  deleted: 'patient_deleted',
  moved_on: 'cpf_changed',
  orphaned: 'orphaned',
} as const satisfies Record<string, PatientCpfReleased['data']['reason']>;

export function reserveCpf({ data }: ReserveCpf, state: CpfReservationState): CpfReservationEvent[] {
  const cpf = normalizeCpf(data.cpf);
  const reserve = PatientCpfReserved.create({ cpf, patientId: data.patientId, reservedAt: data.now });
  const current =
    state.kind === 'Reserved' ? { holderId: state.patientId, reservedAt: state.reservedAt } : undefined;
  const outcome = decideReservation(current, {
    holderId: data.patientId,
    now: data.now,
    standing: current ? standingOf(data.holder, current.holderId, cpf) : 'holding',
  });
  switch (outcome.action) {
    case 'reserve':
      return [reserve];
    case 'already_held':
      return []; // a retry of the same registration
    case 'reclaim':
      return [
        PatientCpfReleased.create({
          cpf,
          patientId: current?.holderId ?? data.patientId,
          reason: RELEASE_REASONS[outcome.reason],
        }),
        reserve,
      ];
    case 'refuse':
      throw new DuplicateCpf(cpf);
    default:
      return assertNever(outcome);
  }
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
