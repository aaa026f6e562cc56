import { describe, expect, it } from 'vitest';
import {
  PatientDeleted,
  PatientRegistered,
  PatientUpdated,
  ProcedureCompleted,
  ProcedureAssigned,
  ProcedureReopened,
  type PatientDetails,
  type PatientEvent,
} from '@bari/contracts';
import { types } from '@bari/contracts/testing';
import { patientHistory, patientStateAt, type PatientStreamEvent } from './patient-history.ts';

const PATIENT = '00000000-0000-4000-8000-000000000001';
const PROCEDURE = 'a0000000-0000-4000-8000-000000000001';
const details: PatientDetails = {
  name: 'Maria',
  cpf: '39053344705',
  cns: null,
  municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
  admissionDate: '2025-01-08',
  dischargeDate: null,
  surgeryDate: '2025-01-10',
  surgeryLocation: 'Hospital Geral',
  surgeonName: 'Dr. João',
  aihNumber: null,
  sisregCode: null,
  notes: null,
};

/**
 * Given these events, one a minute from 10:00, by the nurse at 10.0.0.7, each its own command;
 * `commands` lists how many events each command appended instead (all one by default).
 */
const stream = (events: PatientEvent[], commands?: readonly number[]): PatientStreamEvent[] => {
  const commandOf = (commands ?? events.map(() => 1)).flatMap((size, command) =>
    Array.from({ length: size }, () => command),
  );
  return events.map((event, revision) => {
    const command = commandOf[revision]!;
    const at = new Date(Date.UTC(2025, 0, 10, 10, command));
    return {
      event,
      revision,
      recordedAt: at,
      metadata: {
        userId: 'u1',
        userEmail: 'enfermeira@hospital.br',
        clientIp: '10.0.0.7',
        correlationId: `request-${command}`,
        timestamp: at.toISOString(),
      },
    };
  });
};

const hemograma = types.bloodCount;

const events = stream([
  PatientRegistered.create({ patientId: PATIENT, ...details }),
  ProcedureAssigned.create({
    patientId: PATIENT,
    procedureId: PROCEDURE,
    procedureType: hemograma,
    status: 'pending',
    scheduledDate: null,
    reason: 'registration',
  }),
  PatientUpdated.create({
    patientId: PATIENT,
    changes: { municipality: { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' } },
  }),
  ProcedureCompleted.create({
    patientId: PATIENT,
    procedureId: PROCEDURE,
    completedDate: '2025-01-09',
    location: 'Lab',
    professionalName: null,
    notes: null,
  }),
]);

describe('patient history', () => {
  it('lists the events newest first with who, when, where and each changed value', () => {
    const history = patientHistory(events);
    expect(history.map((entry) => entry.action)).toEqual([
      'COMPLETE_PROCEDURE',
      'UPDATE_PATIENT',
      'ASSIGN_PROCEDURES',
      'CREATE_PATIENT',
    ]);
    expect(history[0]).toMatchObject({
      revision: 3,
      userEmail: 'enfermeira@hospital.br',
      ipAddress: '10.0.0.7',
      changes: [],
      procedures: [
        {
          procedureId: PROCEDURE,
          procedureName: 'Hemograma completo',
          kind: 'changed',
          changes: [
            { field: 'status', from: 'pending', to: 'completed' },
            { field: 'completedDate', from: null, to: '2025-01-09' },
            { field: 'location', from: null, to: 'Lab' },
          ],
        },
      ],
    });
    expect(history[1]?.changes).toEqual([
      { field: 'municipality', from: 'Salvador/BA', to: 'Feira de Santana/BA' },
    ]);
    expect(history[2]?.procedures).toEqual([
      expect.objectContaining({ kind: 'added', procedureName: 'Hemograma completo' }),
    ]);
    expect(history[3]?.changes).toContainEqual({ field: 'name', from: null, to: 'Maria' });
  });

  it('makes one entry of the events one command appended, with its actions counted', () => {
    const second = 'a0000000-0000-4000-8000-000000000002';
    const completion = (procedureId: string) =>
      ProcedureCompleted.create({
        patientId: PATIENT,
        procedureId,
        completedDate: '2025-01-09',
        location: null,
        professionalName: null,
        notes: null,
      });
    const assignment = (procedureId: string) =>
      ProcedureAssigned.create({
        patientId: PATIENT,
        procedureId,
        procedureType: { ...hemograma, id: `${hemograma.id}.${procedureId}` },
        status: 'pending',
        scheduledDate: null,
        reason: 'registration',
      });
    // The registration (3 events), then 'Marcar todos' (2 completions), then one tick alone.
    const history = patientHistory(
      stream(
        [
          PatientRegistered.create({ patientId: PATIENT, ...details }),
          assignment(PROCEDURE),
          assignment(second),
          completion(PROCEDURE),
          completion(second),
          ProcedureReopened.create({ patientId: PATIENT, procedureId: second, reason: 'staff' }),
        ],
        [3, 2, 1],
      ),
    );
    expect(history.map(({ revision, actions }) => ({ revision, actions }))).toEqual([
      { revision: 5, actions: [{ action: 'REOPEN_PROCEDURE', count: 1 }] },
      { revision: 4, actions: [{ action: 'COMPLETE_PROCEDURE', count: 2 }] },
      {
        revision: 2,
        actions: [
          { action: 'CREATE_PATIENT', count: 1 },
          { action: 'ASSIGN_PROCEDURES', count: 2 },
        ],
      },
    ]);
    expect(history[2]).toMatchObject({ action: 'CREATE_PATIENT' });
    expect(history[2]?.procedures.map((procedure) => procedure.kind)).toEqual(['added', 'added']);
    expect(history[1]?.procedures.map((procedure) => procedure.procedureId)).toEqual([PROCEDURE, second]);
    expect(history[1]?.procedures[0]?.changes).toEqual([
      { field: 'status', from: 'pending', to: 'completed' },
      { field: 'completedDate', from: null, to: '2025-01-09' },
    ]);
  });

  it("gives a deletion's reason; a deletion written before reasons were asked has none", () => {
    const [deletion] = patientHistory(
      stream([
        PatientRegistered.create({ patientId: PATIENT, ...details }),
        PatientDeleted.create({ patientId: PATIENT, name: 'Maria', reason: 'Cadastro em duplicidade' }),
      ]),
    );
    expect(deletion).toMatchObject({
      action: 'DELETE_PATIENT',
      changes: [],
      procedures: [],
      deletionReason: 'Cadastro em duplicidade',
    });
    const [older] = patientHistory(
      stream([
        PatientRegistered.create({ patientId: PATIENT, ...details }),
        PatientDeleted.create({ patientId: PATIENT, name: 'Maria' }),
      ]),
    );
    expect(older?.action).toBe('DELETE_PATIENT');
    expect(older).not.toHaveProperty('deletionReason');
  });

  it('folds the state as it stood at an instant: unregistered before, each change from its minute on', () => {
    expect(patientStateAt(events, new Date(Date.UTC(2025, 0, 10, 9, 59))).kind).toBe('Unregistered');
    const before = patientStateAt(events, new Date(Date.UTC(2025, 0, 10, 10, 1, 30)));
    const after = patientStateAt(events, new Date(Date.UTC(2025, 0, 10, 10, 2)));
    expect(before.kind === 'Registered' && before.details.municipality.name).toBe('Salvador');
    expect(after.kind === 'Registered' && after.details.municipality.name).toBe('Feira de Santana');
  });
});
