import { describe, expect, it } from 'vitest';
import { CreateProcedureTypeRequestSchema } from './commands.ts';

describe('CreateProcedureTypeRequestSchema', () => {
  it('given a name with spaces, then it is trimmed and the phase follows the category', () => {
    expect(
      CreateProcedureTypeRequestSchema.parse({ name: '  Bioimpedância ', category: 'post_op_3mes' }),
    ).toEqual({
      name: 'Bioimpedância',
      category: 'post_op_3mes',
      phase: 'post_operative',
      isRequired: false,
    });
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    'given the name %j, then "Nome do procedimento é obrigatório"',
    (value) => {
      const result = CreateProcedureTypeRequestSchema.safeParse({ category: 'pre_op_lab', ...value });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['name', 'Nome do procedimento é obrigatório'],
      ]);
    },
  );

  it('given a phase that contradicts the category, then it is refused', () => {
    const result = CreateProcedureTypeRequestSchema.safeParse({
      name: 'X',
      category: 'pre_op_lab',
      phase: 'post_operative',
      isRequired: true,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'A fase não corresponde à categoria',
    ]);
  });
});
