import { describe, expect, it } from 'vitest';
import { cnsOrNotInformed, failureDescription, formatDate } from './format.ts';

describe('formatDate', () => {
  it('shows a clinical date in the pt-BR format', () => {
    expect(formatDate('2025-03-15')).toBe('15/03/2025');
    expect(formatDate('2024-12-01')).toBe('01/12/2024');
  });

  it('shows nothing for a missing date and leaves anything else as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('amanhã')).toBe('amanhã');
  });
});

describe('cnsOrNotInformed', () => {
  it("says 'Não informado' when there is no CNS", () => {
    expect(cnsOrNotInformed('162709345180001')).toBe('162709345180001');
    expect(cnsOrNotInformed(null)).toBe('Não informado');
    expect(cnsOrNotInformed('')).toBe('Não informado');
  });
});

describe('failureDescription', () => {
  const stale = {
    status: 409,
    message: '409: {...}',
    data: { message: 'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.' },
  };

  it("shows the server's message for a conflict", () => {
    expect(failureDescription(stale, 'Erro ao atualizar paciente. Tente novamente.')).toBe(
      'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.',
    );
  });

  it("shows the server's reason for a refused request", () => {
    const fallback = 'Erro ao registrar procedimento. Tente novamente.';
    const reason = { message: 'A data de realização não pode ser futura.' };
    for (const status of [400, 403, 409, 422, 428]) {
      expect(failureDescription({ status, message: `${status}: {...}`, data: reason }, fallback)).toBe(
        reason.message,
      );
    }
  });

  it('names what is wrong with the data, each field message once, rather than pointing at fields', () => {
    const refused = {
      status: 400,
      message: '400: {...}',
      data: {
        code: 'VALIDATION',
        message: 'Dados inválidos. Verifique os campos destacados.',
        errors: {
          completedDate: 'A data não pode ser futura.',
          'procedures.0.completedDate': 'A data não pode ser futura.',
        },
      },
    };
    expect(failureDescription(refused, 'Erro ao atualizar procedimento.')).toBe(
      'A data não pode ser futura.',
    );
  });

  it('separates the messages of a refusal naming two fields (a CPF and a CNS both held) as sentences', () => {
    const both = {
      status: 409,
      message: '409: {...}',
      data: {
        code: 'DUPLICATE_CPF',
        message: 'Já existe um paciente com este CPF',
        errors: { cpf: 'Já existe um paciente com este CPF', cns: 'Já existe um paciente com este CNS' },
      },
    };
    expect(failureDescription(both, 'Erro ao cadastrar paciente. Tente novamente.')).toBe(
      'Já existe um paciente com este CPF. Já existe um paciente com este CNS.',
    );
  });

  it('says a patient deleted meanwhile is deleted, by whom and why', () => {
    const deleted = {
      status: 404,
      message: '404: {...}',
      code: 'PATIENT_DELETED',
      data: {
        code: 'PATIENT_DELETED',
        message: 'O cadastro de Ana foi excluído em 29/11/2026 às 10:00 por ana@x.br. Motivo: Óbito.',
      },
    };
    expect(failureDescription(deleted, 'Erro ao atualizar paciente. Tente novamente.')).toBe(
      deleted.data.message,
    );
  });

  it("shows the spec's message for anything else", () => {
    const fallback = 'Erro ao excluir paciente. Tente novamente.';
    expect(failureDescription({ status: 500, message: '500: x', data: { message: 'x' } }, fallback)).toBe(
      fallback,
    );
    expect(failureDescription({ status: 409, message: '409: ' }, fallback)).toBe(fallback);
    expect(failureDescription({ status: 404, message: '404: x', data: { message: 'x' } }, fallback)).toBe(
      fallback,
    );
    expect(failureDescription({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, fallback)).toBe(
      fallback,
    );
    expect(failureDescription(new Error('boom'), fallback)).toBe(fallback);
  });
});
