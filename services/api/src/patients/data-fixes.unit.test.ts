import {
  ProcedureRemoved,
  ProcedureReopened,
  ProcedureRescheduled,
  type PatientEvent,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import { describeCorrections, duplicatesToReview } from './data-fixes.ts';
import { PatientNotFound } from './errors.ts';
import { evolvePatient, initialPatientState } from './patient.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import {
  PATIENT_ID,
  TODAY,
  assigned,
  completed,
  deleted,
  imported,
  mariaRegistered,
  procedureId,
  types,
} from '@bari/contracts/testing';

const spec = deciderSpecification(patientDecider);
const fix: PatientCommand = { type: 'FixProcedureData', data: { patientId: PATIENT_ID, today: TODAY } };
const fold = (events: readonly PatientEvent[]) => events.reduce(evolvePatient, initialPatientState());

/** Maria with one of each inconsistency the previous system left behind. */
const inconsistent = (): PatientEvent[] => [
  ...mariaRegistered(),
  // A second, completed blood count (required type): the first (pending) is the surplus.
  imported(10, types.bloodCount, { status: 'completed', completedDate: '2025-01-02' }),
  // Completed without a date.
  imported(11, types.zinc, { status: 'completed' }),
  // Pending with a completion date.
  imported(12, types.zinc6, { status: 'pending', scheduledDate: '2025-07-10', completedDate: '2025-07-11' }),
  // Post-operative, pending, scheduled out of line with the surgery date (2025-01-10).
  imported(
    13,
    { ...types.surgeon1, id: 'post_op_1mes.nutricionista', name: 'Consulta com nutricionista' },
    {
      status: 'pending',
      scheduledDate: '2025-03-01',
    },
  ),
];

describe('FixProcedureData (fix-production-data)', () => {
  it('given a consistent patient, then nothing is corrected', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-02')])
      .when(fix)
      .thenNothingHappens();
  });

  it('given every kind of inconsistency, then each is corrected by an event with its reason', () => {
    spec(inconsistent())
      .when(fix)
      .then([
        ProcedureRemoved.create({ patientId: PATIENT_ID, procedureId: procedureId(2), reason: 'duplicate' }),
        ProcedureReopened.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(11),
          reason: 'completed_without_date',
        }),
        ProcedureReopened.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(12),
          reason: 'pending_with_date',
        }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(13),
          scheduledDate: '2025-02-09',
          previousScheduledDate: '2025-03-01',
          reason: 'data_fix',
        }),
      ]);
  });

  it('given the corrections were applied, when it runs again, then it finds none (idempotent)', () => {
    const first = patientDecider.decide(fix, fold(inconsistent()));
    expect(first.length).toBeGreaterThan(0);
    spec([...inconsistent(), ...first])
      .when(fix)
      .thenNothingHappens();
  });

  it('given two pending duplicates, then the first assigned is kept', () => {
    spec([...mariaRegistered(), assigned(20, types.creatinine)])
      .when(fix)
      .then([
        ProcedureRemoved.create({ patientId: PATIENT_ID, procedureId: procedureId(20), reason: 'duplicate' }),
      ]);
  });

  it('given two dated completions of a required type, then neither is removed and both are listed for review', () => {
    const given = [
      ...mariaRegistered(),
      completed(2, '2025-01-02'),
      imported(20, types.bloodCount, {
        status: 'completed',
        completedDate: '2025-01-05',
        location: 'UBS Centro',
      }),
    ];
    spec(given).when(fix).thenNothingHappens();
    expect(duplicatesToReview(fold(given))).toEqual([
      'Paciente Maria da Silva: "Hemograma completo" (Exames laboratoriais) registrado 2 vezes, cada um com dados (concluído em 02/01/2025; concluído em 05/01/2025, local: UBS Centro) — mantidos, pois a correção automática não remove registros com dados; confira com a equipe qual vale',
    ]);
  });

  it('given a pending duplicate holding notes, then the one holding nothing is removed, even the first assigned', () => {
    spec([...mariaRegistered(), imported(20, types.bloodCount, { status: 'pending', notes: 'Jejum de 8 h' })])
      .when(fix)
      .then([
        ProcedureRemoved.create({ patientId: PATIENT_ID, procedureId: procedureId(2), reason: 'duplicate' }),
      ]);
  });

  it('given a completion without date holding a professional beside a dated one, then both are kept, the undated reopened', () => {
    const given = [
      ...mariaRegistered(),
      completed(2, '2025-01-02'),
      imported(20, types.bloodCount, { status: 'completed', professionalName: 'Dra. Ana' }),
    ];
    const corrections = patientDecider.decide(fix, fold(given));
    expect(corrections).toEqual([
      ProcedureReopened.create({
        patientId: PATIENT_ID,
        procedureId: procedureId(20),
        reason: 'completed_without_date',
      }),
    ]);
    const after = [...given, ...corrections];
    spec(after).when(fix).thenNothingHappens();
    expect(duplicatesToReview(fold(after))).toEqual([
      'Paciente Maria da Silva: "Hemograma completo" (Exames laboratoriais) registrado 2 vezes, cada um com dados (concluído em 02/01/2025; pendente, profissional: Dra. Ana) — mantidos, pois a correção automática não remove registros com dados; confira com a equipe qual vale',
    ]);
  });

  it('given a patient without duplicates, then nothing is listed for review', () => {
    expect(duplicatesToReview(fold([...mariaRegistered(), completed(2, '2025-01-02')]))).toEqual([]);
    expect(duplicatesToReview(fold(inconsistent()))).toHaveLength(1);
    const before = fold(inconsistent());
    expect(duplicatesToReview(fold([...inconsistent(), ...patientDecider.decide(fix, before)]))).toEqual([]);
  });

  it('given duplicates of an optional type, then they are left alone', () => {
    spec([...mariaRegistered(), assigned(20, types.zinc), assigned(21, types.zinc)])
      .when(fix)
      .thenNothingHappens();
  });

  it('given a pending post-operative procedure without a date, then it is scheduled', () => {
    spec([...mariaRegistered(), imported(20, types.zinc6, { status: 'pending' })])
      .when(fix)
      .then([
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(20),
          scheduledDate: '2025-07-10',
          previousScheduledDate: null,
          reason: 'data_fix',
        }),
      ]);
  });

  it('given a completed post-operative procedure off schedule, then its (historical) date is kept', () => {
    spec([
      ...mariaRegistered(),
      imported(20, types.zinc6, {
        status: 'completed',
        scheduledDate: '2025-08-01',
        completedDate: '2025-08-01',
      }),
    ])
      .when(fix)
      .thenNothingHappens();
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(fix)
      .thenThrows(PatientNotFound);
  });

  it('describes each correction in Portuguese', () => {
    const before = fold(inconsistent());
    expect(describeCorrections(before, patientDecider.decide(fix, before))).toEqual([
      'Paciente Maria da Silva: "Hemograma completo" (Exames laboratoriais) duplicado — registro excedente removido',
      'Paciente Maria da Silva: "Zinco" (Exames laboratoriais) estava concluído sem data de realização — voltou a pendente',
      'Paciente Maria da Silva: "Zinco" (6º mês) estava pendente com data de realização — data removida',
      'Paciente Maria da Silva: "Consulta com nutricionista" (1º mês) reagendado de 01/03/2025 para 09/02/2025',
    ]);
  });
});
