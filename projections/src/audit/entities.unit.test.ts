import { describe, expect, it } from 'vitest';
import { AssignedProcedures, assignedProcedure, fieldsOf } from './entities.ts';

const A = '0190a1b2-0000-7000-8000-00000000000a';
const B = '0190a1b2-0000-7000-8000-00000000000b';
const C = '0190a1b2-0000-7000-8000-00000000000c';

describe('AssignedProcedures', () => {
  it('given procedures, then its JSON text is the object the lookup stores, names escaped', () => {
    const listed = new AssignedProcedures();
    listed.set(A, ['Hemograma "completo"', null]);
    listed.set(B, ['Ecocardiograma transtorácico\\ \n', '2025-03-01']);

    expect(JSON.parse(listed.toJsonText())).toEqual({
      [A]: ['Hemograma "completo"', null],
      [B]: ['Ecocardiograma transtorácico\\ \n', '2025-03-01'],
    });
    expect(new AssignedProcedures().toJsonText()).toBe('{}');
  });

  it('given a loaded row (parsed JSON), when more are assigned, then it keeps them and the loaded row is unchanged', () => {
    const loaded = { [A]: ['Hemograma', null] };
    const listed = new AssignedProcedures(loaded);
    listed.set(C, ['Coagulograma', '2025-04-01']);

    expect(JSON.parse(listed.toJsonText())).toEqual({
      [A]: ['Hemograma', null],
      [C]: ['Coagulograma', '2025-04-01'],
    });
    expect(loaded).toEqual({ [A]: ['Hemograma', null] });
    // a copy of one built here is independent of it too
    const copy = new AssignedProcedures(listed);
    copy.set(B, ['Glicemia', null]);
    expect(assignedProcedure(listed, B)).toBeUndefined();
    expect(assignedProcedure(copy, B)).toEqual(['Glicemia', null]);
  });

  it('finds a procedure in either form of the state, and gives no fields for an assigned row', () => {
    const listed = new AssignedProcedures();
    listed.set(A, ['Hemograma', '2025-02-01']);
    expect(assignedProcedure(listed, A)).toEqual(['Hemograma', '2025-02-01']);
    expect(assignedProcedure({ [A]: ['Hemograma', null] }, A)).toEqual(['Hemograma', null]);
    expect(assignedProcedure({}, A)).toBeUndefined();

    expect(fieldsOf({ id: `assigned:${A}`, name: '', parentId: A, state: listed })).toEqual({});
    expect(fieldsOf({ id: A, name: 'Maria', parentId: null, state: { name: 'Maria' } })).toEqual({
      name: 'Maria',
    });
    expect(fieldsOf(undefined)).toEqual({});
  });
});
