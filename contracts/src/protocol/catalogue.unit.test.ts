import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, PROCEDURE_CATEGORIES, phaseOfCategory } from './categories.ts';
import { PROTOCOL_CATALOGUE } from './catalogue.ts';
import { scheduledMonthOfCategory } from './intervals.ts';
import { ProcedureTypeSchema, catalogueTypeId, procedureTypeKey } from './procedure-type.ts';

/** Required / optional counts per category, as listed in protocol-catalog.md. */
const expectedCounts: Record<string, [number, number]> = {
  pre_op_exam: [7, 3],
  pre_op_lab: [23, 9],
  pre_op_consultation: [11, 4],
  post_op_1mes: [2, 1],
  post_op_2mes: [1, 2],
  post_op_3mes: [9, 2],
  post_op_4mes: [1, 1],
  post_op_6mes: [15, 4],
  post_op_9mes: [2, 3],
  post_op_12_15mes: [13, 4],
  post_op_18mes: [9, 1],
};

describe('the protocol catalogue', () => {
  it.each(Object.entries(expectedCounts))(
    'given %s, then it has %j required/optional types',
    (category, counts) => {
      const types = PROTOCOL_CATALOGUE.filter((type) => type.category === category);
      expect([types.filter((t) => t.isRequired).length, types.filter((t) => !t.isRequired).length]).toEqual(
        counts,
      );
    },
  );

  it('has 93 required and 34 optional types in all, over the 11 categories', () => {
    expect(PROTOCOL_CATALOGUE.filter((t) => t.isRequired)).toHaveLength(93);
    expect(PROTOCOL_CATALOGUE.filter((t) => !t.isRequired)).toHaveLength(34);
    expect(new Set(PROTOCOL_CATALOGUE.map((t) => t.category))).toEqual(new Set(PROCEDURE_CATEGORIES));
  });

  it('is unique by (category, name), accents and case aside, and by id', () => {
    expect(new Set(PROTOCOL_CATALOGUE.map(procedureTypeKey)).size).toBe(PROTOCOL_CATALOGUE.length);
    expect(new Set(PROTOCOL_CATALOGUE.map((t) => t.id)).size).toBe(PROTOCOL_CATALOGUE.length);
  });

  it('repeats names across months (the pair is what is unique)', () => {
    const surgeon = PROTOCOL_CATALOGUE.filter((t) => t.name === 'Consulta com cirurgião');
    expect(surgeon.map((t) => t.category)).toEqual([
      'pre_op_consultation',
      'post_op_1mes',
      'post_op_2mes',
      'post_op_3mes',
      'post_op_6mes',
      'post_op_9mes',
      'post_op_12_15mes',
      'post_op_18mes',
    ]);
  });

  it('gives each type the phase and scheduledMonth of its category', () => {
    for (const type of PROTOCOL_CATALOGUE) {
      expect(ProcedureTypeSchema.parse(type)).toEqual(type);
      expect(type.phase).toBe(phaseOfCategory(type.category));
      expect(type.scheduledMonth).toBe(scheduledMonthOfCategory(type.category));
      expect(type.name).toBe(type.name.trim());
    }
    expect(PROTOCOL_CATALOGUE.find((t) => t.category === 'post_op_12_15mes')?.scheduledMonth).toBe(12);
  });

  it('names catalogue types with readable stable ids', () => {
    expect(catalogueTypeId('pre_op_lab', 'Hemograma completo')).toBe('pre_op_lab.hemograma-completo');
    expect(catalogueTypeId('post_op_3mes', 'TGO/TGP')).toBe('post_op_3mes.tgo-tgp');
    expect(catalogueTypeId('pre_op_lab', 'Sorologias (HIV, hepatites B e C, sífilis)')).toBe(
      'pre_op_lab.sorologias-hiv-hepatites-b-e-c-sifilis',
    );
  });

  it('labels the categories for the timeline', () => {
    expect(PROCEDURE_CATEGORIES.map((c) => CATEGORY_LABELS[c])).toEqual([
      'Exames',
      'Exames laboratoriais',
      'Consultas e avaliações',
      '1º mês',
      '2º mês',
      '3º mês',
      '4º mês',
      '6º mês',
      '9º mês',
      '12º–15º mês',
      '18º mês',
    ]);
  });
});
