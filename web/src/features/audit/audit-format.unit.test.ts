import { describe, expect, it } from 'vitest';
import { displayFieldValue, displayNamedValue } from './audit-format.ts';

describe('displayNamedValue', () => {
  it("shows the protocol's codes and the sources in Portuguese, by the value's name", () => {
    expect(displayNamedValue('phase', 'pre_operative')).toBe('Pré-operatório');
    expect(displayNamedValue('category', 'pre_op_exam')).toBe('Exames');
    expect(displayNamedValue('source', 'catalogue')).toBe('Catálogo do protocolo');
  });

  it('shows anything else as values are shown: dates, yes/no, the code itself when unknown', () => {
    expect(displayNamedValue('scheduledDate', '2026-03-05')).toBe('05/03/2026');
    expect(displayNamedValue('isRequired', 'true')).toBe('Sim');
    expect(displayNamedValue('phase', 'unknown_phase')).toBe('unknown_phase');
    expect(displayNamedValue('category', null)).toBe(displayNamedValue('reason', ''));
  });
});

describe('displayFieldValue', () => {
  it('shows a changed CPF masked and a municipality as the rest of the app does', () => {
    expect(displayFieldValue('cpf', '12808286848')).toBe('128.082.868-48');
    expect(displayFieldValue('municipality', 'São João del Rei/MG')).toBe('São João del Rei — MG');
  });

  it('leaves other fields, and values of another shape, as values are shown', () => {
    expect(displayFieldValue('notes', '12808286848')).toBe('12808286848');
    expect(displayFieldValue('cpf', null)).toBe(displayFieldValue('notes', null));
    expect(displayFieldValue('admissionDate', '2026-03-05')).toBe('05/03/2026');
  });
});
