import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-field-errors.ts';

describe("the patient form's server field errors", () => {
  it('given a 400, then the messages of every form field are kept (the list comes from the contract) and others dropped', () => {
    const errors = {
      name: 'Nome é obrigatório',
      municipality: 'Município é obrigatório',
      sisregCode: 'Código SISREG inválido',
      notes: 'Texto com caracteres de controle',
      patientId: 'Paciente inválido',
    };
    expect(serverFieldErrors({ status: 400, message: '400: x', data: { message: 'x', errors } })).toEqual([
      ['name', 'Nome é obrigatório'],
      ['municipality', 'Município é obrigatório'],
      ['sisregCode', 'Código SISREG inválido'],
      ['notes', 'Texto com caracteres de controle'],
    ]);
  });
});
