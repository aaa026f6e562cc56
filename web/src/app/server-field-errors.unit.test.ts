import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-field-errors.ts';

const fields = ['completedDate', 'location'] as const;

describe('serverFieldErrors', () => {
  it("given a 400 with field errors, keeps those of the form's fields", () => {
    const error = {
      status: 400,
      message: '400: {...}',
      data: {
        message: 'Dados inválidos',
        errors: {
          completedDate: 'A data de realização não pode ser futura.',
          'location.0': 'Local é obrigatório',
          patientId: 'Paciente inválido',
          notes: 42,
        },
      },
    };
    expect(serverFieldErrors(error, fields)).toEqual([
      ['completedDate', 'A data de realização não pode ser futura.'],
      ['location', 'Local é obrigatório'],
    ]);
  });

  it('given a 409 naming fields (a value another record holds), keeps them too', () => {
    const errors = { location: 'Já existe', completedDate: 'Já existe também' };
    expect(serverFieldErrors({ status: 409, message: '409: x', data: { errors } }, fields)).toEqual([
      ['location', 'Já existe'],
      ['completedDate', 'Já existe também'],
    ]);
  });

  it('given any other answer, finds nothing', () => {
    const errors = { completedDate: 'x' };
    expect(serverFieldErrors({ status: 500, message: '500: x', data: { errors } }, fields)).toEqual([]);
    expect(serverFieldErrors({ status: 404, message: '404: x', data: { errors } }, fields)).toEqual([]);
    expect(serverFieldErrors({ status: 400, message: '400: x', data: { message: 'x' } }, fields)).toEqual([]);
    expect(serverFieldErrors({ status: 400, message: '400: x' }, fields)).toEqual([]);
    expect(serverFieldErrors(new Error('x'), fields)).toEqual([]);
  });
});
