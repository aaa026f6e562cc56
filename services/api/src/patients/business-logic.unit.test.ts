import {
  PROTOCOL_CATALOGUE,
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureRescheduled,
  type PatientEvent,
  type RequiredProceduresAssigned,
  type ProcedureType,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import {
  InvalidDeletionReason,
  PatientAlreadyRegistered,
  PatientDatesOutOfOrder,
  PatientNotFound,
  StalePatient,
} from './errors.ts';
import { evolvePatient, initialPatientState } from './patient.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import {
  PATIENT_ID,
  TODAY,
  assigned,
  catalogue,
  completed,
  deleted,
  maria,
  mariaRegistered,
  procedureId,
  procedureIds,
  registered,
  requiredAssigned,
  types,
} from '@bari/contracts/testing';

const spec = deciderSpecification(patientDecider);
const fold = (events: readonly PatientEvent[]) => events.reduce(evolvePatient, initialPatientState());

const register = (
  overrides: Partial<typeof maria> = {},
  procedureTypes: readonly ProcedureType[] = catalogue,
): PatientCommand => ({
  type: 'RegisterPatient',
  data: {
    patientId: PATIENT_ID,
    patient: { ...maria, ...overrides },
    procedureTypes,
    newProcedureIds: procedureIds(procedureTypes.length),
    today: TODAY,
  },
});

const update = (changes: Partial<typeof maria>, expectedRevision?: number): PatientCommand => ({
  type: 'UpdatePatient',
  data: {
    patientId: PATIENT_ID,
    changes,
    today: TODAY,
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
  },
});

describe('RegisterPatient', () => {
  it('given a surgery date before the admission date, then PatientDatesOutOfOrder', () => {
    spec([])
      .when(register({ surgeryDate: '2025-01-01' }))
      .thenThrows(PatientDatesOutOfOrder, 'A data da cirurgia não pode ser anterior à internação.');
  });

  it('given no patient, when registered, then one event assigns every required type pending, post-operative ones scheduled from the surgery date', () => {
    spec([])
      .when(register())
      .then([
        registered(),
        requiredAssigned([
          [1, types.endoscopy],
          [2, types.bloodCount],
          [3, types.creatinine],
          [4, types.surgeon1, '2025-02-09'],
          [5, types.surgeon12, '2026-02-25'],
        ]),
      ]);
  });

  it('given a catalogue without required types, when registered, then only the registration is appended', () => {
    spec([])
      .when(register({}, [types.zinc, types.zinc6]))
      .then([registered()]);
  });

  it('given no surgery date, then the schedule starts at the admission date', () => {
    spec([])
      .when(register({ surgeryDate: null }))
      .then([
        registered({ ...maria, surgeryDate: null }),
        requiredAssigned([
          [1, types.endoscopy],
          [2, types.bloodCount],
          [3, types.creatinine],
          [4, types.surgeon1, '2025-02-07'], // 2025-01-08 + 30 days
          [5, types.surgeon12, '2026-02-23'], // + 13 months + 15 days
        ]),
      ]);
  });

  it('given the protocol catalogue, then the 93 required types are assigned and none of the 34 optional ones', () => {
    const events = spec([]).when(register({}, PROTOCOL_CATALOGUE)).events();
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(registered());
    const assignment = events[1] as RequiredProceduresAssigned;
    expect(assignment.type).toBe('RequiredProceduresAssigned');
    expect(assignment.data.reason).toBe('registration');
    const assignments = assignment.data.procedures;
    expect(assignments).toHaveLength(93);
    expect(assignments.every((procedure) => procedure.procedureType.isRequired)).toBe(true);
    expect(new Set(assignments.map((procedure) => procedure.procedureId)).size).toBe(93);
    const scheduled = (category: string) =>
      new Set(
        assignments
          .filter((procedure) => procedure.procedureType.category === category)
          .map((procedure) => procedure.scheduledDate),
      );
    expect(scheduled('pre_op_lab')).toEqual(new Set([null]));
    expect(scheduled('post_op_1mes')).toEqual(new Set(['2025-02-09']));
    expect(scheduled('post_op_6mes')).toEqual(new Set(['2025-07-10']));
    expect(scheduled('post_op_12_15mes')).toEqual(new Set(['2026-02-25']));
    expect(scheduled('post_op_18mes')).toEqual(new Set(['2026-07-10']));
  });

  it('given a registered patient, when the same id is registered again, then PatientAlreadyRegistered', () => {
    spec(mariaRegistered())
      .when(register())
      .thenThrows(PatientAlreadyRegistered, 'Este paciente já está cadastrado');
  });

  it('given a deleted patient, when its id is registered again, then PatientAlreadyRegistered', () => {
    spec([...mariaRegistered(), deleted()])
      .when(register())
      .thenThrows(PatientAlreadyRegistered);
  });

  it('refuses a command that brought too few procedure ids (a caller bug, not a domain rule)', () => {
    const command = register();
    const short = {
      ...command,
      data: { ...command.data, newProcedureIds: procedureIds(2) },
    } as PatientCommand;
    expect(() => patientDecider.decide(short, initialPatientState())).toThrow(/too few new procedure ids/);
  });
});

describe('UpdatePatient', () => {
  it('given admission 2025-01-08, when the discharge date is set before it, then PatientDatesOutOfOrder', () => {
    spec(mariaRegistered())
      .when(update({ dischargeDate: '2025-01-07' }))
      .thenThrows(PatientDatesOutOfOrder, 'A data da alta não pode ser anterior à internação.');
  });

  it('given surgery 2025-01-10, when the admission date moves after it, then PatientDatesOutOfOrder', () => {
    spec(mariaRegistered())
      .when(update({ admissionDate: '2025-01-11' }))
      .thenThrows(PatientDatesOutOfOrder, 'A data da cirurgia não pode ser anterior à internação.');
  });

  it('given stored dates out of order (legacy), when another field changes, then the update is accepted', () => {
    spec([registered({ ...maria, surgeryDate: '2025-01-01' })])
      .when(update({ notes: 'Revisado' }))
      .then([PatientUpdated.create({ patientId: PATIENT_ID, changes: { notes: 'Revisado' } })]);
  });

  it('given a patient, when a field changes, then only the changed fields are recorded', () => {
    spec(mariaRegistered())
      .when(
        update({
          name: 'Maria da Silva Santos',
          surgeonName: maria.surgeonName,
          notes: 'Alergia a dipirona',
        }),
      )
      .then([
        PatientUpdated.create({
          patientId: PATIENT_ID,
          changes: { name: 'Maria da Silva Santos', notes: 'Alergia a dipirona' },
        }),
      ]);
  });

  it('given a patient, when nothing differs, then nothing happens', () => {
    spec(mariaRegistered())
      .when(update({ ...maria, municipality: { ...maria.municipality } }))
      .thenNothingHappens();
  });

  it('given pending and completed post-operative procedures, when the surgery date moves, then only the pending ones are rescheduled', () => {
    spec([...mariaRegistered(), completed(4, '2025-02-10')])
      .when(update({ surgeryDate: '2025-03-01' }))
      .then([
        PatientUpdated.create({ patientId: PATIENT_ID, changes: { surgeryDate: '2025-03-01' } }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(5),
          scheduledDate: '2026-04-16', // 2025-03-01 + 13 months = 2026-04-01, + 15 days
          previousScheduledDate: '2026-02-25',
          reason: 'base_date_changed',
        }),
      ]);
  });

  it('given a surgery date, when it is cleared, then the pending post-operative dates fall back to the admission date', () => {
    spec(mariaRegistered())
      .when(update({ surgeryDate: null }))
      .then([
        PatientUpdated.create({ patientId: PATIENT_ID, changes: { surgeryDate: null } }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(4),
          scheduledDate: '2025-02-07',
          previousScheduledDate: '2025-02-09',
          reason: 'base_date_changed',
        }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(5),
          scheduledDate: '2026-02-23',
          previousScheduledDate: '2026-02-25',
          reason: 'base_date_changed',
        }),
      ]);
  });

  it('given no surgery date, when the admission date moves, then the pending post-operative dates follow it', () => {
    const given = [registered({ ...maria, surgeryDate: null }), assigned(1, types.surgeon1, '2025-02-07')];
    spec(given)
      .when(update({ admissionDate: '2025-01-20' }))
      .then([
        PatientUpdated.create({ patientId: PATIENT_ID, changes: { admissionDate: '2025-01-20' } }),
        ProcedureRescheduled.create({
          patientId: PATIENT_ID,
          procedureId: procedureId(1),
          scheduledDate: '2025-02-19',
          previousScheduledDate: '2025-02-07',
          reason: 'base_date_changed',
        }),
      ]);
  });

  it('given a surgery date, when only the admission date moves, then no date moves', () => {
    spec(mariaRegistered())
      .when(update({ admissionDate: '2025-01-05' }))
      .then([PatientUpdated.create({ patientId: PATIENT_ID, changes: { admissionDate: '2025-01-05' } })]);
  });

  it('given revision 5, when the client saw revision 5, then the update is accepted', () => {
    const events = spec(mariaRegistered())
      .when(update({ name: 'Maria S.' }, 5))
      .events();
    expect(events).toHaveLength(1);
  });

  it('given revision 6, when the client saw revision 5, then StalePatient and nothing is decided', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-02')])
      .when(update({ name: 'Maria S.' }, 5))
      .thenThrows(
        StalePatient,
        'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.',
      );
  });

  it('given no patient, then PatientNotFound', () => {
    spec([])
      .when(update({ name: 'X' }))
      .thenThrows(PatientNotFound, 'Paciente não encontrado');
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(update({ name: 'X' }))
      .thenThrows(PatientNotFound);
  });
});

describe('DeletePatient', () => {
  const REASON = 'Cadastro em duplicidade: a paciente já tem outro registro.';
  const remove = (expectedRevision?: number, reason: string = REASON): PatientCommand => ({
    type: 'DeletePatient',
    data: { patientId: PATIENT_ID, reason, ...(expectedRevision === undefined ? {} : { expectedRevision }) },
  });

  it('given a patient, when deleted with a reason, then PatientDeleted records it (its procedures go with it)', () => {
    spec(mariaRegistered())
      .when(remove(5))
      .then([PatientDeleted.create({ patientId: PATIENT_ID, name: 'Maria da Silva', reason: REASON })]);
  });

  it('given a patient, when the reason has spaces around it, then it is recorded trimmed', () => {
    spec(mariaRegistered())
      .when(remove(5, `  ${REASON}\n`))
      .then([PatientDeleted.create({ patientId: PATIENT_ID, name: 'Maria da Silva', reason: REASON })]);
  });

  it.each([
    ['empty', '', 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    ['blank', '      ', 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    [
      'shorter than 5 characters once trimmed',
      '  erro  ',
      'Informe o motivo da exclusão (ao menos 5 caracteres).',
    ],
    ['nothing to read', '.....', 'Informe o motivo da exclusão (ao menos 5 caracteres).'],
    [
      'longer than 500 characters',
      'x'.repeat(501),
      'O motivo da exclusão deve ter no máximo 500 caracteres.',
    ],
  ])(
    'given a patient, when the reason is %s, then InvalidDeletionReason (nothing decided)',
    (_, reason, message) => {
      spec(mariaRegistered()).when(remove(5, reason)).thenThrows(InvalidDeletionReason, message);
    },
  );

  it('given a patient, when the reason has exactly 5 or 500 characters, then it is accepted', () => {
    for (const reason of ['Óbito', 'y'.repeat(500)]) {
      spec(mariaRegistered())
        .when(remove(5, reason))
        .then([PatientDeleted.create({ patientId: PATIENT_ID, name: 'Maria da Silva', reason })]);
    }
  });

  it('given a newer revision than the client saw, then StalePatient', () => {
    spec(mariaRegistered()).when(remove(4)).thenThrows(StalePatient);
  });

  it('given a deleted patient, when deleted again, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(remove())
      .thenThrows(PatientNotFound);
  });

  it('given no patient, then PatientNotFound', () => {
    spec([]).when(remove()).thenThrows(PatientNotFound);
  });
});

describe('AssignMissingRequiredProcedures (run-migration)', () => {
  const newlyRequired = {
    ...types.zinc,
    id: 'pre_op_lab.vitamina-b12',
    name: 'Vitamina B12',
    isRequired: true,
  };
  const grown = [...catalogue, newlyRequired];
  const migrate = (procedureTypes: readonly ProcedureType[] = grown): PatientCommand => ({
    type: 'AssignMissingRequiredProcedures',
    data: {
      patientId: PATIENT_ID,
      procedureTypes,
      newProcedureIds: procedureIds(procedureTypes.length, 100),
      today: TODAY,
    },
  });

  it('given a catalogue that gained a required type, then only that type is assigned', () => {
    spec(mariaRegistered())
      .when(migrate())
      .then([requiredAssigned([[100, newlyRequired]], 'migration')]);
  });

  it('given a patient who lacks post-operative types, then they are scheduled from the surgery date', () => {
    spec([registered(), assigned(1, types.endoscopy)])
      .when(migrate(catalogue))
      .then([
        requiredAssigned(
          [
            [100, types.bloodCount],
            [101, types.creatinine],
            [102, types.surgeon1, '2025-02-09'],
            [103, types.surgeon12, '2026-02-25'],
          ],
          'migration',
        ),
      ]);
  });

  it('given the migration already ran, when it runs again, then nothing is added (idempotent)', () => {
    const given = [...mariaRegistered(), requiredAssigned([[100, newlyRequired]], 'migration')];
    spec(given).when(migrate()).thenNothingHappens();
  });

  it('given an old-shape migration (one ProcedureAssigned per type), when it runs again, then nothing is added', () => {
    const given = [...mariaRegistered(), assigned(100, newlyRequired, null, 'migration')];
    spec(given).when(migrate()).thenNothingHappens();
  });

  it('given a completed procedure of a required type, then the type counts as present', () => {
    spec([...mariaRegistered(), completed(2, '2025-01-02')])
      .when(migrate(catalogue))
      .thenNothingHappens();
  });

  it('given a deleted patient, then PatientNotFound', () => {
    spec([...mariaRegistered(), deleted()])
      .when(migrate())
      .thenThrows(PatientNotFound);
  });
});

describe('the patient state', () => {
  it('counts every event in its revision (the version clients send back)', () => {
    expect(initialPatientState().revision).toBe(-1);
    expect(fold(mariaRegistered()).revision).toBe(5);
    expect(fold([...mariaRegistered(), completed(1, '2025-01-03'), deleted()]).revision).toBe(7);
  });

  it('folds the registration into the patient and its procedures', () => {
    const state = fold(mariaRegistered());
    expect(state.kind).toBe('Registered');
    if (state.kind !== 'Registered') return;
    expect(state.details).toEqual(maria);
    expect([...state.procedures.keys()]).toEqual(procedureIds(5));
    expect(state.procedures.get(procedureId(4))).toMatchObject({
      status: 'pending',
      scheduledDate: '2025-02-09',
    });
  });

  it('folds the coarse registration (one RequiredProceduresAssigned) to the state of the old one-event-per-type shape', () => {
    const coarse = fold([
      registered(),
      requiredAssigned([
        [1, types.endoscopy],
        [2, types.bloodCount],
        [3, types.creatinine],
        [4, types.surgeon1, '2025-02-09'],
        [5, types.surgeon12, '2026-02-25'],
      ]),
    ]);
    const old = fold(mariaRegistered());
    expect(coarse.kind).toBe('Registered');
    if (coarse.kind !== 'Registered' || old.kind !== 'Registered') return;
    expect(coarse.details).toEqual(old.details);
    expect([...coarse.procedures.entries()]).toEqual([...old.procedures.entries()]);
    expect(coarse.revision).toBe(1);
  });

  it('given a coarse registration, then procedure commands find its procedures', () => {
    const given = [
      registered(),
      requiredAssigned([
        [1, types.endoscopy],
        [2, types.bloodCount],
      ]),
    ];
    const state = fold([...given, completed(2, '2025-01-02')]);
    if (state.kind !== 'Registered') throw new Error('registered expected');
    expect(state.procedures.get(procedureId(2))).toMatchObject({
      status: 'completed',
      completedDate: '2025-01-02',
    });
    expect(state.procedures.get(procedureId(1))).toMatchObject({ status: 'pending' });
  });

  it('keeps a registration event readable after a JSON round trip through the store', () => {
    const event = registered();
    expect(PatientRegistered.schema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });
});
