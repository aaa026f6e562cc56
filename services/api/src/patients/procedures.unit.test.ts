import {
  PatientUpdated,
  ProcedureCompletionChanged,
  ProcedureReopened,
  ProcedureRescheduled,
  addDaysToDate,
} from '@bari/contracts';
import { describe, it } from 'vitest';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import {
  CompletionOnWrongSideOfSurgery,
  FutureCompletionDate,
  PatientNotFound,
  ProcedureAlreadyAssigned,
  ProcedureAlreadyCompleted,
  ProcedureNotFound,
  StaleProcedure,
} from './errors.ts';
import { ProcedureTypeNotFound } from '../procedure-types/errors.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import {
  PATIENT_ID,
  TODAY,
  assigned,
  catalogue,
  completed,
  deleted,
  mariaRegistered,
  procedureId,
  types,
} from '@bari/contracts/testing';

const spec = deciderSpecification(patientDecider);

describe('AddProcedure (add-procedure dialog)', () => {
  const add = (procedureTypeId: string): PatientCommand => ({
    type: 'AddProcedure',
    data: {
      patientId: PATIENT_ID,
      procedureId: procedureId(50),
      procedureTypeId,
      procedureTypes: catalogue,
      today: TODAY,
    },
  });

  it('given a patient, when an optional pre-operative type is added, then it is pending and unscheduled', () => {
    spec(mariaRegistered())
      .when(add(types.zinc.id))
      .then([assigned(50, types.zinc, null, 'added')]);
  });

  it('given a patient, when a post-operative type is added, then it is scheduled from the surgery date', () => {
    spec(mariaRegistered())
      .when(add(types.zinc6.id))
      .then([assigned(50, types.zinc6, '2025-07-10', 'added')]);
  });

  it('given the patient already has the type, then ProcedureAlreadyAssigned', () => {
    spec(mariaRegistered())
      .when(add(types.bloodCount.id))
      .thenThrows(ProcedureAlreadyAssigned, 'Este procedimento já faz parte do acompanhamento do paciente');
  });

  it('given an unknown type, then ProcedureTypeNotFound', () => {
    spec(mariaRegistered())
      .when(add('nao-existe'))
      .thenThrows(ProcedureTypeNotFound, 'Tipo de procedimento não encontrado');
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(add(types.zinc.id))
      .thenThrows(PatientNotFound);
  });
});

describe('RecordProcedure (Registrar Procedimento form)', () => {
  const record = (procedureTypeId: string, completedDate = '2025-01-05'): PatientCommand => ({
    type: 'RecordProcedure',
    data: {
      patientId: PATIENT_ID,
      procedureId: procedureId(60),
      procedureTypeId,
      procedureTypes: catalogue,
      completedDate,
      location: 'Laboratório Central',
      professionalName: 'Dra. Ana',
      notes: 'Em jejum',
      today: TODAY,
    },
  });
  const details = { location: 'Laboratório Central', professionalName: 'Dra. Ana', notes: 'Em jejum' };

  it('given a pending procedure of the type, then that one is completed with the form details', () => {
    spec(mariaRegistered())
      .when(record(types.bloodCount.id))
      .then([completed(2, '2025-01-05', details)]);
  });

  it('given no procedure of the type, then it is added and completed at once', () => {
    spec(mariaRegistered())
      .when(record(types.zinc6.id, '2025-05-20'))
      .then([assigned(60, types.zinc6, '2025-07-10', 'recorded'), completed(60, '2025-05-20', details)]);
  });

  it('given a post-operative procedure dated before the surgery (10/01/2025), then CompletionOnWrongSideOfSurgery; on its day it is accepted', () => {
    spec(mariaRegistered())
      .when(record(types.zinc6.id, '2025-01-09'))
      .thenThrows(
        CompletionOnWrongSideOfSurgery,
        'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (10/01/2025).',
      );
    spec(mariaRegistered())
      .when(record(types.zinc6.id, '2025-01-10'))
      .then([assigned(60, types.zinc6, '2025-07-10', 'recorded'), completed(60, '2025-01-10', details)]);
    // A pre-operative one may be dated before it, of course.
    spec(mariaRegistered())
      .when(record(types.bloodCount.id, '2025-01-02'))
      .then([completed(2, '2025-01-02', details)]);
  });

  it('given the type already completed, then ProcedureAlreadyCompleted', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-02')])
      .when(record(types.bloodCount.id))
      .thenThrows(ProcedureAlreadyCompleted);
  });

  it('given an unknown type, then ProcedureTypeNotFound', () => {
    spec(mariaRegistered()).when(record('nao-existe')).thenThrows(ProcedureTypeNotFound);
  });

  it('given a completion date after today, then FutureCompletionDate; today itself is accepted', () => {
    spec(mariaRegistered())
      .when(record(types.zinc6.id, addDaysToDate(TODAY, 1)))
      .thenThrows(FutureCompletionDate, 'A data de realização não pode ser futura.');
    spec(mariaRegistered())
      .when(record(types.zinc6.id, TODAY))
      .then([assigned(60, types.zinc6, '2025-07-10', 'recorded'), completed(60, TODAY, details)]);
  });

  it('given a pre-operative procedure dated after the surgery (10/01/2025), then CompletionOnWrongSideOfSurgery; on its day it is accepted', () => {
    spec(mariaRegistered())
      .when(record(types.bloodCount.id, '2025-01-11'))
      .thenThrows(
        CompletionOnWrongSideOfSurgery,
        'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (10/01/2025).',
      );
    spec(mariaRegistered())
      .when(record(types.bloodCount.id, '2025-01-10'))
      .then([completed(2, '2025-01-10', details)]);
  });
});

describe('CompleteProcedure (tick, or change the date of a completed one)', () => {
  const complete = (
    n: number,
    completedDate: string,
    details: { location?: string | null; professionalName?: string | null; notes?: string | null } = {},
  ): PatientCommand => ({
    type: 'CompleteProcedure',
    data: { patientId: PATIENT_ID, procedureId: procedureId(n), completedDate, ...details, today: TODAY },
  });

  it('given a pending procedure, when ticked with a date after today, then FutureCompletionDate', () => {
    spec(mariaRegistered())
      .when(complete(2, '2999-12-31'))
      .thenThrows(FutureCompletionDate, 'A data de realização não pode ser futura.');
    spec([...mariaRegistered(), completed(2, '2025-01-03')])
      .when(complete(2, addDaysToDate(TODAY, 1)))
      .thenThrows(FutureCompletionDate);
  });

  it('given a post-operative procedure, when ticked or re-dated before the surgery, then CompletionOnWrongSideOfSurgery', () => {
    const zinc = [...mariaRegistered(), assigned(50, types.zinc6, '2025-07-10', 'added')];
    spec(zinc).when(complete(50, '2025-01-09')).thenThrows(CompletionOnWrongSideOfSurgery);
    spec([...zinc, completed(50, '2025-05-02')])
      .when(complete(50, '2024-05-02'))
      .thenThrows(CompletionOnWrongSideOfSurgery);
    spec(zinc)
      .when(complete(50, '2025-05-02'))
      .then([completed(50, '2025-05-02')]);
    // Recorded before this rule (or before the surgery date moved): its details stay correctable.
    spec([...zinc, completed(50, '2024-05-02')])
      .when(complete(50, '2024-05-02', { location: 'Ambulatório' }))
      .then([
        ProcedureCompletionChanged.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(50),
          completedDate: '2024-05-02',
          location: 'Ambulatório',
          professionalName: null,
          notes: null,
        }),
      ]);
  });

  it('given a pre-operative procedure, when ticked or re-dated after the surgery, then CompletionOnWrongSideOfSurgery', () => {
    spec(mariaRegistered()).when(complete(2, TODAY)).thenThrows(CompletionOnWrongSideOfSurgery);
    spec([...mariaRegistered(), completed(2, '2025-01-03')])
      .when(complete(2, '2025-01-11'))
      .thenThrows(CompletionOnWrongSideOfSurgery);
    // Recorded before this rule (or before the surgery date moved): its details stay correctable.
    spec([...mariaRegistered(), completed(2, '2025-02-01')])
      .when(complete(2, '2025-02-01', { location: 'Lab B' }))
      .then([
        ProcedureCompletionChanged.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(2),
          completedDate: '2025-02-01',
          location: 'Lab B',
          professionalName: null,
          notes: null,
        }),
      ]);
  });

  it('given a pending procedure, when ticked with a date, then it is completed on that date', () => {
    spec(mariaRegistered())
      .when(complete(2, '2025-01-03'))
      .then([completed(2, '2025-01-03')]);
  });

  it('given a completed procedure, when its date changes, then the completion is corrected, details kept', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-03', { location: 'Lab A', notes: 'ok' })])
      .when(complete(2, '2025-01-04'))
      .then([
        ProcedureCompletionChanged.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(2),
          completedDate: '2025-01-04',
          location: 'Lab A',
          professionalName: null,
          notes: 'ok',
        }),
      ]);
  });

  it('given a completed procedure, when a detail is cleared, then the correction clears it', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-03', { notes: 'ok' })])
      .when(complete(2, '2025-01-03', { notes: null }))
      .then([
        ProcedureCompletionChanged.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(2),
          completedDate: '2025-01-03',
          location: null,
          professionalName: null,
          notes: null,
        }),
      ]);
  });

  it('given a completed procedure, when re-saved with the same date, then nothing happens', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-03')])
      .when(complete(2, '2025-01-03'))
      .thenNothingHappens();
  });

  it('given the page showed it otherwise than it now is, then StaleProcedure; as it is, the change is made', () => {
    const asSeen = (
      command: PatientCommand,
      expected: { status: 'pending' | 'completed'; completedDate: string | null },
    ) => ({ ...command, data: { ...command.data, expected } }) as PatientCommand;
    const done = [...mariaRegistered(), completed(2, '2025-01-03', { location: 'Lab A' })];
    // A stale page still shows it pending: its tick would move the recorded date to today.
    spec(done)
      .when(asSeen(complete(2, TODAY), { status: 'pending', completedDate: null }))
      .thenThrows(
        StaleProcedure,
        'Este procedimento foi alterado por outra pessoa. A página mostra agora a versão atual; confira e tente novamente.',
      );
    // Shown with another date (someone corrected it meanwhile).
    spec(done)
      .when(asSeen(complete(2, '2025-01-05'), { status: 'completed', completedDate: '2025-01-02' }))
      .thenThrows(StaleProcedure);
    spec(done)
      .when(asSeen(complete(2, '2025-01-05'), { status: 'completed', completedDate: '2025-01-03' }))
      .then([
        ProcedureCompletionChanged.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(2),
          completedDate: '2025-01-05',
          location: 'Lab A',
          professionalName: null,
          notes: null,
        }),
      ]);
    spec(mariaRegistered())
      .when(asSeen(complete(2, '2025-01-03'), { status: 'pending', completedDate: null }))
      .then([completed(2, '2025-01-03')]);
  });

  it('given an unknown procedure, then ProcedureNotFound', () => {
    spec(mariaRegistered())
      .when(complete(99, '2025-01-03'))
      .thenThrows(ProcedureNotFound, 'Procedimento não encontrado');
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(complete(2, '2025-01-03'))
      .thenThrows(PatientNotFound);
  });
});

describe('ReopenProcedure (untick)', () => {
  const reopen = (n: number): PatientCommand => ({
    type: 'ReopenProcedure',
    data: { patientId: PATIENT_ID, procedureId: procedureId(n), today: TODAY },
  });

  it('given a completed procedure, when unticked, then it is pending without a date', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-03')])
      .when(reopen(2))
      .then([
        ProcedureReopened.create({ patientId: PATIENT_ID, procedureId: procedureId(2), reason: 'staff' }),
      ]);
  });

  it('given a pending procedure, then nothing happens', () => {
    spec(mariaRegistered()).when(reopen(2)).thenNothingHappens();
  });

  it('given a post-operative procedure completed before the surgery date moved, when unticked, then it is scheduled from the new date', () => {
    const moved = [
      ...mariaRegistered(),
      completed(4, '2025-02-10'),
      PatientUpdated.create({ patientId: PATIENT_ID, changes: { surgeryDate: '2025-03-01' } }),
    ];
    spec(moved)
      .when(reopen(4))
      .then([
        ProcedureReopened.create({ patientId: PATIENT_ID, procedureId: procedureId(4), reason: 'staff' }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(4),
          scheduledDate: '2025-03-31', // 1º mês: the new surgery date + 30 days
          previousScheduledDate: '2025-02-09',
          reason: 'reopened',
        }),
      ]);
    // The date did not move: unticked, it keeps its date.
    spec([...mariaRegistered(), completed(4, '2025-02-10')])
      .when(reopen(4))
      .then([
        ProcedureReopened.create({ patientId: PATIENT_ID, procedureId: procedureId(4), reason: 'staff' }),
      ]);
  });

  it('given the page showed another completion than the recorded one, then StaleProcedure', () => {
    const done = [...mariaRegistered(), completed(2, '2025-01-03')];
    const reopenAsSeen = (expected: {
      status: 'pending' | 'completed';
      completedDate: string | null;
    }): PatientCommand => ({
      type: 'ReopenProcedure',
      data: { patientId: PATIENT_ID, procedureId: procedureId(2), today: TODAY, expected },
    });
    // A stale page showed it pending and ticked-then-unticked: the untick must not erase the record.
    spec(done)
      .when(reopenAsSeen({ status: 'pending', completedDate: null }))
      .thenThrows(StaleProcedure);
    spec(done)
      .when(reopenAsSeen({ status: 'completed', completedDate: '2025-01-04' }))
      .thenThrows(StaleProcedure);
    spec(done)
      .when(reopenAsSeen({ status: 'completed', completedDate: '2025-01-03' }))
      .then([
        ProcedureReopened.create({ patientId: PATIENT_ID, procedureId: procedureId(2), reason: 'staff' }),
      ]);
  });

  it('given an unknown procedure, then ProcedureNotFound', () => {
    spec(mariaRegistered()).when(reopen(99)).thenThrows(ProcedureNotFound);
  });
});

describe('CompletePendingLabs (mark all lab exams)', () => {
  const markAll: PatientCommand = {
    type: 'CompletePendingLabs',
    data: { patientId: PATIENT_ID, completedDate: '2025-01-08', today: TODAY },
  };

  it('given a completion date after today, then FutureCompletionDate', () => {
    spec(mariaRegistered())
      .when({
        type: 'CompletePendingLabs',
        data: { patientId: PATIENT_ID, completedDate: addDaysToDate(TODAY, 1), today: TODAY },
      })
      .thenThrows(FutureCompletionDate);
  });

  it('given pending and completed lab exams, then only the pending pre-operative lab exams are completed', () => {
    const given = [...mariaRegistered(), assigned(6, types.zinc, null, 'added'), completed(2, '2025-01-02')];
    spec(given)
      .when(markAll)
      .then([completed(3, '2025-01-08'), completed(6, '2025-01-08')]);
  });

  it('given an operated patient, when marked on a day after the surgery (10/01/2025), then CompletionOnWrongSideOfSurgery', () => {
    spec(mariaRegistered())
      .when({ ...markAll, data: { ...markAll.data, completedDate: '2025-01-11' } })
      .thenThrows(
        CompletionOnWrongSideOfSurgery,
        'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (10/01/2025).',
      );
  });

  it('given no pending lab exam, then nothing happens', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-02'), completed(3, '2025-01-02')])
      .when(markAll)
      .thenNothingHappens();
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(markAll)
      .thenThrows(PatientNotFound);
  });
});
