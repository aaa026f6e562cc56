import {
  PatientUpdated,
  ProcedureCompletionChanged,
  ProcedureRemoved,
  ProcedureReopened,
  ProcedureRescheduled,
  type PatientEvent,
} from '@bari/contracts';
import {
  PATIENT_ID,
  assigned,
  catalogue,
  completed,
  deleted,
  imported,
  procedureId,
  registered,
  requiredAssigned,
  seededRandom,
} from '@bari/contracts/testing';
import { describe, expect, it } from 'vitest';
import { evolvePatient, foldPatient, initialPatientState, type PatientState } from './patient.ts';

/** A history of every patient event type, on procedures 1–12 (some never assigned). */
function history(seed: number, length: number): PatientEvent[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const n = () => 1 + Math.floor(next() * 12);
  const date = () => `2025-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 10)}`;
  const patientId = PATIENT_ID;
  const makers: Array<() => PatientEvent> = [
    () => registered(),
    () =>
      requiredAssigned([1, 2, 3, 4, 5, 6].map((k) => [k, pick(catalogue), pick([null, date()])] as const)),
    () => assigned(n(), pick(catalogue), pick([null, date()])),
    () =>
      imported(n(), pick(catalogue), {
        status: pick(['pending', 'completed'] as const),
        completedDate: date(),
      }),
    () => completed(n(), date(), { location: pick([null, 'UBS Centro']) }),
    () =>
      ProcedureCompletionChanged.create({
        patientId,
        procedureId: procedureId(n()),
        completedDate: date(),
        location: null,
        professionalName: pick([null, 'Dra. Ana']),
        notes: null,
      }),
    () => ProcedureReopened.create({ patientId, procedureId: procedureId(n()), reason: 'staff' }),
    () =>
      ProcedureRescheduled.create({
        patientId,
        procedureId: procedureId(n()),
        scheduledDate: pick([null, date()]),
        previousScheduledDate: null,
        reason: 'data_fix',
      }),
    () => ProcedureRemoved.create({ patientId, procedureId: procedureId(n()), reason: 'duplicate' }),
    () =>
      PatientUpdated.create({
        patientId,
        changes: { notes: pick([null, 'Revisado']), name: pick(['Maria', 'Ana']) },
      }),
  ];
  // Sometimes events before the registration (they only count), then mostly a registered
  // patient's life, now and then a deletion (after which nothing changes).
  const before = Array.from({ length: Math.floor(next() * 3) }, () => pick(makers.slice(1))());
  const events = [...before, registered(), requiredAssigned([[1, catalogue[0]!]])];
  while (events.length < length) events.push(next() < 0.02 ? deleted() : pick(makers)());
  return events;
}

/** A state as plain data, to compare and to check nothing changed it afterwards. */
const snapshot = (state: PatientState) =>
  state.kind === 'Registered' ? { ...state, procedures: [...state.procedures.entries()] } : { ...state };

describe('foldPatient', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'seed %i: folding a history at once, or in random pieces, gives the state of one event at a time',
    (seed) => {
      // Given a random history of every patient event type
      const events = history(seed, 60);
      const oneAtATime = events.reduce(evolvePatient, initialPatientState());

      // When it is folded at once, and in random pieces each folded onto the state before
      const atOnce = foldPatient(initialPatientState(), events);
      const next = seededRandom(seed * 31);
      let inPieces = initialPatientState();
      const states: Array<{ state: PatientState; was: ReturnType<typeof snapshot> }> = [];
      for (let start = 0; start < events.length;) {
        const end = start + 1 + Math.floor(next() * 10);
        inPieces = foldPatient(inPieces, events.slice(start, end));
        states.push({ state: inPieces, was: snapshot(inPieces) });
        start = end;
      }

      // Then all three are the same state
      expect(snapshot(atOnce)).toEqual(snapshot(oneAtATime));
      expect(snapshot(inPieces)).toEqual(snapshot(oneAtATime));
      // And no later fold changed a state it started from (each piece copies before changing)
      for (const { state, was } of states) expect(snapshot(state)).toEqual(was);
    },
  );

  it('given a registered patient, when an event is folded onto it, then its own procedures are untouched', () => {
    const before = foldPatient(initialPatientState(), [registered(), requiredAssigned([[1, catalogue[0]!]])]);
    const was = snapshot(before);
    const after = foldPatient(before, [
      completed(1, '2025-02-01'),
      ProcedureRemoved.create({ patientId: PATIENT_ID, procedureId: procedureId(1), reason: 'duplicate' }),
    ]);
    expect(snapshot(before)).toEqual(was);
    expect(after.kind === 'Registered' && after.procedures.size).toBe(0);
    expect(after.revision).toBe(3);
  });
});
