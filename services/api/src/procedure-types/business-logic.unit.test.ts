import { PROTOCOL_CATALOGUE, ProcedureTypeDefined, type ProcedureTypeEvent } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { DuplicateProcedureType, RequiredProcedureTypeForbidden } from './errors.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import { procedureTypesDecider, type ProcedureTypesCommand } from './business-logic.ts';
import { procedureTypesOf } from './procedure-types.ts';

const spec = deciderSpecification(procedureTypesDecider);
const NEW_TYPE_ID = 'b0000000-0000-4000-8000-000000000001';
const defineCatalogue: ProcedureTypesCommand = { type: 'DefineCatalogue', data: {} };
const catalogueEvents = (): ProcedureTypeEvent[] =>
  PROTOCOL_CATALOGUE.map((type) => ProcedureTypeDefined.create({ ...type, source: 'catalogue' }));
const define = (
  name: string,
  category: ProcedureTypeEvent['data']['category'],
  isRequired = false,
  byAdministrator = isRequired,
): ProcedureTypesCommand => ({
  type: 'DefineProcedureType',
  data: { procedureTypeId: NEW_TYPE_ID, name, category, isRequired, byAdministrator },
});

describe('DefineCatalogue (initialization)', () => {
  it('given no types, then the whole protocol catalogue is defined, in order', () => {
    spec([]).when(defineCatalogue).then(catalogueEvents());
  });

  it('given the catalogue is defined, when defined again, then nothing happens', () => {
    spec(catalogueEvents()).when(defineCatalogue).thenNothingHappens();
  });

  it('given a catalogue that gained a type, then only the new type is defined', () => {
    const added = { ...PROTOCOL_CATALOGUE[0]!, id: 'pre_op_exam.cintilografia', name: 'Cintilografia' };
    spec(catalogueEvents())
      .when({ type: 'DefineCatalogue', data: { catalogue: [...PROTOCOL_CATALOGUE, added] } })
      .then([ProcedureTypeDefined.create({ ...added, source: 'catalogue' })]);
  });

  it('given staff already defined a type of that name in the category, then the catalogue skips it', () => {
    const [first, ...rest] = catalogueEvents();
    const staffTyped = ProcedureTypeDefined.create({ ...first!.data, id: NEW_TYPE_ID, source: 'staff' });
    spec([staffTyped, ...rest])
      .when(defineCatalogue)
      .thenNothingHappens();
  });
});

describe('DefineProcedureType (add-procedure dialog)', () => {
  it('given a new name, then the type is defined with the phase and month of its category', () => {
    spec(catalogueEvents())
      .when(define('Bioimpedância', 'post_op_3mes'))
      .then([
        ProcedureTypeDefined.create({
          id: NEW_TYPE_ID,
          name: 'Bioimpedância',
          category: 'post_op_3mes',
          phase: 'post_operative',
          isRequired: false,
          scheduledMonth: 3,
          source: 'staff',
        }),
      ]);
  });

  it('given the name exists in the category (accents and case aside), then DuplicateProcedureType', () => {
    spec(catalogueEvents())
      .when(define('hemograma  COMPLETO', 'pre_op_lab'))
      .thenThrows(DuplicateProcedureType, 'Já existe um procedimento com este nome nesta categoria');
    spec(catalogueEvents()).when(define('Sodio', 'pre_op_lab')).thenThrows(DuplicateProcedureType);
  });

  it('given the name exists only in another category, then it is defined', () => {
    const events = spec(catalogueEvents())
      .when(define('Coagulograma', 'post_op_3mes', true))
      .events();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ category: 'post_op_3mes', isRequired: true, scheduledMonth: 3 });
  });

  it('given a staff member who is not an administrator, when the type is required, then RequiredProcedureTypeForbidden', () => {
    spec(catalogueEvents())
      .when(define('Bioimpedância', 'post_op_3mes', true, false))
      .thenThrows(
        RequiredProcedureTypeForbidden,
        'Apenas administradores podem criar procedimentos obrigatórios, pois eles passam a valer para todos os pacientes.',
      );
  });

  it('given a staff member who is not an administrator, when the type is optional, then it is defined', () => {
    const events = spec(catalogueEvents())
      .when(define('Bioimpedância', 'post_op_3mes', false, false))
      .events();
    expect(events[0]?.data).toMatchObject({ name: 'Bioimpedância', isRequired: false });
  });

  it('given a pre-operative category, then the type has no scheduled month', () => {
    const events = spec([]).when(define('Bioimpedância', 'pre_op_exam')).events();
    expect(events[0]?.data).toMatchObject({ phase: 'pre_operative', scheduledMonth: null });
  });
});

describe('the procedure-types state', () => {
  it('lists the types in the order they were defined', () => {
    const state = catalogueEvents().reduce(
      procedureTypesDecider.evolve,
      procedureTypesDecider.initialState(),
    );
    expect(procedureTypesOf(state)).toEqual(PROTOCOL_CATALOGUE);
  });
});
