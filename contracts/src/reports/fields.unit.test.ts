import { describe, expect, it } from 'vitest';
import { CustomReportFieldsParamSchema } from './fields.ts';

describe('the custom report’s fields parameter', () => {
  it('given a comma-separated list, or the parameter repeated, then the fields in the columns’ order', () => {
    expect(CustomReportFieldsParamSchema.parse('cpf,name')).toEqual(['name', 'cpf']);
    expect(CustomReportFieldsParamSchema.parse(['cpf', 'name'])).toEqual(['name', 'cpf']);
    expect(CustomReportFieldsParamSchema.parse(['name,municipality', 'cpf'])).toEqual([
      'name',
      'cpf',
      'municipality',
    ]);
  });

  it('given none or an unknown one, then refused in Portuguese', () => {
    expect(() => CustomReportFieldsParamSchema.parse(undefined)).toThrow('Selecione pelo menos um campo.');
    expect(() => CustomReportFieldsParamSchema.parse(['', ' '])).toThrow('Selecione pelo menos um campo.');
    expect(() => CustomReportFieldsParamSchema.parse(['name', 'senha'])).toThrow(/senha/);
  });
});
