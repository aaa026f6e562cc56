import { describe, expect, it } from 'vitest';
import { PATIENT_ID, procedureId, types } from '../testing/patients.ts';
import type { ProcedureType } from '../protocol/procedure-type.ts';
import {
  UnknownProcedureTypeError,
  compactRequiredProcedures,
  expandRequiredProcedures,
  referencedTypeIds,
} from './stored-assignments.ts';
import { RequiredProceduresAssigned } from './events.ts';

const assigned = RequiredProceduresAssigned.create({
  patientId: PATIENT_ID,
  procedures: [
    { procedureId: procedureId(1), procedureType: types.bloodCount, scheduledDate: null },
    { procedureId: procedureId(2), procedureType: types.surgeon1, scheduledDate: '2025-09-01' },
  ],
  reason: 'registration',
}).data;

const lookupOf =
  (...known: ProcedureType[]) =>
  (id: string): ProcedureType | undefined =>
    known.find((type) => type.id === id);

describe('a stored RequiredProceduresAssigned', () => {
  it('names each type the catalogue holds by its id, and expands back to the event as decided', () => {
    const typeOf = lookupOf(types.bloodCount, types.surgeon1);
    const stored = compactRequiredProcedures(assigned, typeOf);
    expect(stored.procedures).toEqual([
      { procedureId: procedureId(1), procedureTypeId: types.bloodCount.id, scheduledDate: null },
      { procedureId: procedureId(2), procedureTypeId: types.surgeon1.id, scheduledDate: '2025-09-01' },
    ]);
    expect(referencedTypeIds(stored)).toEqual([types.bloodCount.id, types.surgeon1.id]);
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(assigned).length);
    expect(expandRequiredProcedures(stored, typeOf)).toEqual(assigned);
  });

  it('keeps the copy of a type the catalogue lacks or holds differently, so nothing is lost', () => {
    const renamed = { ...types.surgeon1, name: 'Outro nome' };
    const stored = compactRequiredProcedures(assigned, lookupOf(renamed));
    expect(stored.procedures).toEqual(assigned.procedures);
    expect(referencedTypeIds(stored)).toEqual([]);
    expect(expandRequiredProcedures(stored, lookupOf())).toEqual(assigned);
  });

  it('keeps whole an item or a type copy carrying fields the stored form has no place for', () => {
    const [first, second] = assigned.procedures;
    const withExtras = {
      ...assigned,
      procedures: [
        { ...first!, note: 'extra' },
        { ...second!, procedureType: { ...second!.procedureType, color: 'blue' } },
      ],
      // Fields the contract does not know: what a hand-built event may carry.
    } as unknown as typeof assigned;
    const stored = compactRequiredProcedures(withExtras, lookupOf(types.bloodCount, types.surgeon1));
    expect(stored.procedures).toEqual(withExtras.procedures);
  });

  it('reads an event stored before types were named by id as it is', () => {
    expect(expandRequiredProcedures(assigned, lookupOf())).toEqual(assigned);
  });

  it('refuses to expand a type the catalogue does not define', () => {
    const stored = compactRequiredProcedures(assigned, lookupOf(types.bloodCount, types.surgeon1));
    expect(() => expandRequiredProcedures(stored, lookupOf(types.bloodCount))).toThrow(
      UnknownProcedureTypeError,
    );
  });
});
