import { describe, expect, it } from 'vitest';
import {
  PatientDeleted,
  PatientRegistered,
  ProcedureCompleted,
  ProcedureRemoved,
  RequiredProceduresAssigned,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { patientDetails, procedureId, types } from '@bari/contracts/testing';
import { batchChanges, foldPatientEvents, type FoldEvent, type WorkingSet } from './fold.ts';

/*
 * Where the fold stores each procedure: a bulk assignment's procedures are listed (one list
 * row per patient, appended to); an event that changes one gives it a row of its own, which
 * overrides its listing; a removal takes it out of the list.
 */

const PATIENT = '0190a1b2-0000-7000-8000-000000000001';
const HEMOGRAMA = types.bloodCount;
const ZINCO = types.zinc;

const registered = PatientRegistered.create({ patientId: PATIENT, ...patientDetails() });
const assigned = (assignedTypes: readonly ProcedureType[], first = 1) =>
  RequiredProceduresAssigned.create({
    patientId: PATIENT,
    reason: 'registration',
    procedures: assignedTypes.map((procedureType, index) => ({
      procedureId: procedureId(first + index),
      procedureType,
      scheduledDate: '2025-02-01',
    })),
  });

const completed = (n: number) =>
  ProcedureCompleted.create({
    patientId: PATIENT,
    procedureId: procedureId(n),
    completedDate: '2025-02-02',
    location: null,
    professionalName: null,
    notes: null,
  });

const empty = (): WorkingSet => ({ patients: new Map(), procedures: new Map(), types: new Map() });
const copy = (rows: WorkingSet): WorkingSet => ({
  patients: new Map(rows.patients),
  procedures: new Map(rows.procedures),
  types: new Map(rows.types),
});
let revision = 0;
const recorded = (event: PatientEvent): FoldEvent => ({
  event,
  revision: revision++,
  recordedAt: '2025-01-10T12:00:00.000Z',
});

/** Folds a batch onto `loaded`; what it writes, and the rows as left for the next batch. */
function batch(loaded: WorkingSet, events: readonly PatientEvent[]) {
  const folded = copy(loaded);
  foldPatientEvents(folded, events.map(recorded));
  return { changes: batchChanges(loaded, folded), folded };
}

describe('patients fold: listed procedures and rows of their own', () => {
  it("lists a bulk assignment's procedures in one row for the patient, in order", () => {
    // When Maria is registered with two procedures
    const { changes } = batch(empty(), [registered, assigned([HEMOGRAMA, ZINCO])]);

    // Then they are listed, with ordinals 0 and 1, and no row of their own is written
    expect(changes.procedures).toEqual([]);
    expect(changes.listed).toEqual([
      {
        patientId: PATIENT,
        procedureIds: [procedureId(1), procedureId(2)],
        typeIds: [HEMOGRAMA.id, ZINCO.id],
        scheduledDates: ['2025-02-01', '2025-02-01'],
        ordinals: [0, 1],
      },
    ]);
    expect(changes.types).toEqual([HEMOGRAMA, ZINCO]);
    expect(changes.patients[0]).toMatchObject({ assignedProcedures: 2, totalProcedures: 2 });
  });

  it('gives a listed procedure a row of its own when a later batch completes it, leaving the list', () => {
    // Given Maria's two listed procedures, as a later batch loads them
    const { folded: before } = batch(empty(), [registered, assigned([HEMOGRAMA, ZINCO])]);

    // When the first is completed
    const { changes } = batch(before, [completed(1)]);

    // Then it gets a row of its own, keeping its place; the list is not written
    expect(changes.procedures).toMatchObject([
      { id: procedureId(1), status: 'completed', ordinal: 0, listed: true, hasRow: true },
    ]);
    expect(changes.listed).toEqual([]);
    expect(changes.unlisted.procedureIds).toEqual([]);
    expect(changes.deletedProcedureIds).toEqual([]);
  });

  it("takes a removed procedure out of its list, and drops a deleted patient's list whole", () => {
    const { folded: before } = batch(empty(), [registered, assigned([HEMOGRAMA, ZINCO])]);

    const removed = batch(before, [
      ProcedureRemoved.create({ patientId: PATIENT, procedureId: procedureId(1), reason: 'duplicate' }),
    ]).changes;
    expect(removed.unlisted).toEqual({ patientIds: [PATIENT], procedureIds: [procedureId(1)] });
    expect(removed.deletedProcedureIds).toEqual([]);

    const deleted = batch(before, [PatientDeleted.create({ patientId: PATIENT, name: 'Maria' })]).changes;
    expect(deleted.deletedPatientIds).toEqual([PATIENT]);
    expect(deleted.unlisted.procedureIds).toEqual([]);
  });

  it('deletes the row and unlists a procedure that had both when it is removed', () => {
    const { folded: listed } = batch(empty(), [registered, assigned([HEMOGRAMA])]);
    const { folded: before } = batch(listed, [completed(1)]);

    const { changes } = batch(before, [
      ProcedureRemoved.create({ patientId: PATIENT, procedureId: procedureId(1), reason: 'duplicate' }),
    ]);
    expect(changes.deletedProcedureIds).toEqual([procedureId(1)]);
    expect(changes.unlisted.procedureIds).toEqual([procedureId(1)]);
  });

  it('gives a row of its own to a procedure whose type copy is not the one the lists know', () => {
    // Given the lists know Hemograma as its first assignment carried it
    const { folded: before } = batch(empty(), [registered, assigned([HEMOGRAMA])]);

    // When another assignment carries a different copy of that type
    const drifted = { ...HEMOGRAMA, name: 'Hemograma (cópia antiga)' };
    const { changes } = batch(before, [assigned([drifted, ZINCO], 2)]);

    // Then that procedure keeps its copy in a row of its own; the other is appended to the list
    expect(changes.procedures).toMatchObject([
      { id: procedureId(2), typeName: 'Hemograma (cópia antiga)', ordinal: 1, listed: false },
    ]);
    expect(changes.listed).toMatchObject([{ procedureIds: [procedureId(3)], ordinals: [2] }]);
    expect(changes.types).toEqual([ZINCO]);
  });
});
