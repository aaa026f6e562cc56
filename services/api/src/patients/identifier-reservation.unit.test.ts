import {
  PatientCnsReleased,
  PatientCnsReserved,
  PatientCpfReleased,
  PatientCpfReserved,
  type CnsReservationEvent,
  type CpfReservationEvent,
  type PatientDetails,
  type PatientEvent,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS } from '../shared/reservation.ts';
import { CNS, CPF, reservationDecider, type ReservationCommand } from './identifier-reservation.ts';
import { DuplicateCns, DuplicateCpf } from './errors.ts';
import { evolvePatient, initialPatientState, type PatientState } from './patient.ts';
import { patientStreamId, reservationStreamId } from './streams.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import { NOW, OTHER_PATIENT_ID, PATIENT_ID, deleted, maria, registered } from '@bari/contracts/testing';

const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const fold = (events: readonly PatientEvent[]): PatientState =>
  events.reduce(evolvePatient, initialPatientState());

/** Each identifier, with its own events spelled out (not through the code under test). */
const identifiers = [
  {
    name: 'CPF',
    identifier: CPF,
    typed: '390.533.447-05',
    value: '39053344705',
    holding: { cpf: '39053344705' },
    movedOn: { cpf: '71460285859' },
    duplicate: DuplicateCpf,
    message: 'Já existe um paciente com este CPF',
    reserved: (patientId: string, reservedAt = NOW) =>
      PatientCpfReserved.create({ cpf: '39053344705', patientId, reservedAt }),
    released: (patientId: string, reason: 'patient_deleted' | 'changed' | 'orphaned') =>
      PatientCpfReleased.create({
        cpf: '39053344705',
        patientId,
        reason: reason === 'changed' ? 'cpf_changed' : reason,
      }),
  },
  {
    name: 'CNS',
    identifier: CNS,
    typed: '7000 0055 5012 349',
    value: '700000555012349',
    holding: { cns: '700000555012349' },
    movedOn: { cns: null },
    duplicate: DuplicateCns,
    message: 'Já existe um paciente com este CNS',
    reserved: (patientId: string, reservedAt = NOW) =>
      PatientCnsReserved.create({ cns: '700000555012349', patientId, reservedAt }),
    released: (patientId: string, reason: 'patient_deleted' | 'changed' | 'orphaned') =>
      PatientCnsReleased.create({
        cns: '700000555012349',
        patientId,
        reason: reason === 'changed' ? 'cns_changed' : reason,
      }),
  },
] as const;

describe('reservation streams', () => {
  it('are named after the normalized value', () => {
    expect(reservationStreamId(CPF, '390.533.447-05')).toBe('patient-cpf-39053344705');
    expect(reservationStreamId(CNS, '7000 0055 5012 349')).toBe('patient-cns-700000555012349');
    expect(patientStreamId(PATIENT_ID)).toBe(`patient-${PATIENT_ID}`);
  });

  it('reserve a CNS only when it has the 15 digits of one (older records may not)', () => {
    expect(CNS.of({ cpf: maria.cpf, cns: '700000555012349' })).toBe('700000555012349');
    expect(CNS.of({ cpf: maria.cpf, cns: null })).toBeNull();
    expect(CNS.of({ cpf: maria.cpf, cns: '12345' })).toBeNull();
  });
});

describe.each(identifiers)('$name reservation', (kind) => {
  const spec = deciderSpecification(
    reservationDecider<CnsReservationEvent | CpfReservationEvent>(kind.identifier),
  );
  const holderWith = (details: Partial<PatientDetails>) => fold([registered({ ...maria, ...details })]);
  const reserve = (
    holder: PatientState = initialPatientState(),
    now = NOW,
    patientId = OTHER_PATIENT_ID,
  ): ReservationCommand => ({ type: 'Reserve', data: { value: kind.typed, patientId, now, holder } });
  const release = (patientId: string, reason: 'patient_deleted' | 'changed'): ReservationCommand => ({
    type: 'Release',
    data: { value: kind.value, patientId, reason },
  });

  it('given a free value, then it is reserved for the new patient', () => {
    spec([])
      .when(reserve())
      .then([kind.reserved(OTHER_PATIENT_ID)]);
  });

  it('given the value reserved by the same patient, then it is reserved again (a release decided before cannot free it)', () => {
    spec([kind.reserved(OTHER_PATIENT_ID)])
      .when(reserve(initialPatientState(), later(1_000)))
      .then([kind.reserved(OTHER_PATIENT_ID, later(1_000))]);
  });

  it('given the value held by a registered patient, then a duplicate, however late', () => {
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(holderWith(kind.holding), later(RESERVATION_GRACE_MS * 10)))
      .thenThrows(kind.duplicate, kind.message);
  });

  it('given the holder was deleted (release not yet appended), then the value is reclaimed at once', () => {
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(fold([registered({ ...maria, ...kind.holding }), deleted()])))
      .then([kind.released(PATIENT_ID, 'patient_deleted'), kind.reserved(OTHER_PATIENT_ID)]);
  });

  it('given the holder now has another value, then it is reclaimed after the grace period', () => {
    const holder = holderWith(kind.movedOn);
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(holder, later(60_000)))
      .thenThrows(kind.duplicate);
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(holder, later(RESERVATION_GRACE_MS)))
      .then([
        kind.released(PATIENT_ID, 'changed'),
        kind.reserved(OTHER_PATIENT_ID, later(RESERVATION_GRACE_MS)),
      ]);
  });

  it('given an orphaned reservation (no patient stream), then it is reclaimed only after the grace period', () => {
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(initialPatientState(), later(60_000)))
      .thenThrows(kind.duplicate);
    spec([kind.reserved(PATIENT_ID)])
      .when(reserve(initialPatientState(), later(RESERVATION_GRACE_MS)))
      .then([
        kind.released(PATIENT_ID, 'orphaned'),
        kind.reserved(OTHER_PATIENT_ID, later(RESERVATION_GRACE_MS)),
      ]);
  });

  it('given a released value, then it can be reserved again', () => {
    spec([kind.reserved(PATIENT_ID), kind.released(PATIENT_ID, 'patient_deleted')])
      .when(reserve())
      .then([kind.reserved(OTHER_PATIENT_ID)]);
  });

  it('given the value held by the patient, when it releases it, then it is free', () => {
    spec([kind.reserved(PATIENT_ID)])
      .when(release(PATIENT_ID, 'patient_deleted'))
      .then([kind.released(PATIENT_ID, 'patient_deleted')]);
  });

  it('given the value held by someone else or free, when a patient releases it, then nothing happens', () => {
    spec([kind.reserved(OTHER_PATIENT_ID)])
      .when(release(PATIENT_ID, 'changed'))
      .thenNothingHappens();
    spec([]).when(release(PATIENT_ID, 'changed')).thenNothingHappens();
  });
});
