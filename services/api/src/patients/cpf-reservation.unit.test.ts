import { PatientCpfReleased, PatientCpfReserved, type PatientEvent } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS } from '../shared/reservation.ts';
import { cpfReservationDecider, type CpfReservationCommand } from './cpf-reservation.ts';
import { DuplicateCpf } from './errors.ts';
import { evolvePatient, initialPatientState, type PatientState } from './patient.ts';
import { cpfReservationStreamId, patientStreamId } from './streams.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import {
  NOW,
  OTHER_PATIENT_ID,
  PATIENT_ID,
  deleted,
  maria,
  mariaRegistered,
  registered,
} from '@bari/contracts/testing';

const spec = deciderSpecification(cpfReservationDecider);
const CPF = '39053344705';
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const fold = (events: readonly PatientEvent[]): PatientState =>
  events.reduce(evolvePatient, initialPatientState());

const reservedBy = (patientId: string) => PatientCpfReserved.create({ cpf: CPF, patientId, reservedAt: NOW });
const reserve = (
  holder: PatientState = initialPatientState(),
  now = NOW,
  patientId = OTHER_PATIENT_ID,
): CpfReservationCommand => ({
  type: 'ReserveCpf',
  data: { cpf: '390.533.447-05', patientId, now, holder },
});

describe('CPF reservation', () => {
  it('names its streams', () => {
    expect(cpfReservationStreamId('390.533.447-05')).toBe('patient-cpf-39053344705');
    expect(patientStreamId(PATIENT_ID)).toBe(`patient-${PATIENT_ID}`);
  });

  it('given a free CPF, then it is reserved for the new patient', () => {
    spec([])
      .when(reserve())
      .then([PatientCpfReserved.create({ cpf: CPF, patientId: OTHER_PATIENT_ID, reservedAt: NOW })]);
  });

  it('given the CPF reserved by the same patient (a retry), then nothing happens', () => {
    spec([reservedBy(OTHER_PATIENT_ID)])
      .when(reserve())
      .thenNothingHappens();
  });

  it('given the CPF held by a registered patient, then DuplicateCpf', () => {
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(fold(mariaRegistered()), later(RESERVATION_GRACE_MS * 10)))
      .thenThrows(DuplicateCpf, 'Já existe um paciente com este CPF');
  });

  it('given the holder was deleted (release not yet appended), then the CPF is reclaimed at once', () => {
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(fold([...mariaRegistered(), deleted()])))
      .then([
        PatientCpfReleased.create({ cpf: CPF, patientId: PATIENT_ID, reason: 'patient_deleted' }),
        PatientCpfReserved.create({ cpf: CPF, patientId: OTHER_PATIENT_ID, reservedAt: NOW }),
      ]);
  });

  it('given the holder now has another CPF, then the CPF is reclaimed after the grace period', () => {
    const holder = fold([registered({ ...maria, cpf: '71460285859' })]);
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(holder, later(60_000)))
      .thenThrows(DuplicateCpf);
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(holder, later(RESERVATION_GRACE_MS)))
      .then([
        PatientCpfReleased.create({ cpf: CPF, patientId: PATIENT_ID, reason: 'cpf_changed' }),
        PatientCpfReserved.create({
          cpf: CPF,
          patientId: OTHER_PATIENT_ID,
          reservedAt: later(RESERVATION_GRACE_MS),
        }),
      ]);
  });

  it('given an orphaned reservation (no patient stream), then it is reclaimed only after the grace period', () => {
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(initialPatientState(), later(60_000)))
      .thenThrows(DuplicateCpf);
    spec([reservedBy(PATIENT_ID)])
      .when(reserve(initialPatientState(), later(RESERVATION_GRACE_MS)))
      .then([
        PatientCpfReleased.create({ cpf: CPF, patientId: PATIENT_ID, reason: 'orphaned' }),
        PatientCpfReserved.create({
          cpf: CPF,
          patientId: OTHER_PATIENT_ID,
          reservedAt: later(RESERVATION_GRACE_MS),
        }),
      ]);
  });

  it('given a released CPF, then it can be reserved again', () => {
    spec([
      reservedBy(PATIENT_ID),
      PatientCpfReleased.create({ cpf: CPF, patientId: PATIENT_ID, reason: 'patient_deleted' }),
    ])
      .when(reserve())
      .then([PatientCpfReserved.create({ cpf: CPF, patientId: OTHER_PATIENT_ID, reservedAt: NOW })]);
  });

  it('given the CPF held by the patient, when it releases it, then it is free', () => {
    spec([reservedBy(PATIENT_ID)])
      .when({ type: 'ReleaseCpf', data: { cpf: CPF, patientId: PATIENT_ID, reason: 'patient_deleted' } })
      .then([PatientCpfReleased.create({ cpf: CPF, patientId: PATIENT_ID, reason: 'patient_deleted' })]);
  });

  it('given the CPF held by someone else or free, when a patient releases it, then nothing happens', () => {
    spec([reservedBy(OTHER_PATIENT_ID)])
      .when({ type: 'ReleaseCpf', data: { cpf: CPF, patientId: PATIENT_ID, reason: 'cpf_changed' } })
      .thenNothingHappens();
    spec([])
      .when({ type: 'ReleaseCpf', data: { cpf: CPF, patientId: PATIENT_ID, reason: 'cpf_changed' } })
      .thenNothingHappens();
  });
});
