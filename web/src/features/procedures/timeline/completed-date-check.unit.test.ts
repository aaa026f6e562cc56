import { describe, expect, it } from 'vitest';
import { completedDateProblem } from './completed-date-check.ts';

describe('completedDateProblem', () => {
  const today = '2026-11-27';
  const unoperated = { phase: 'pre_operative', surgeryDate: null } as const;

  it('says nothing of a right date, or of one still being typed', () => {
    expect(completedDateProblem('2026-11-27', today, unoperated)).toBeUndefined();
    expect(completedDateProblem('2025-02-28', today, unoperated)).toBeUndefined();
    expect(completedDateProblem('12/03/20', today, unoperated)).toBeUndefined();
    expect(completedDateProblem(null, today, unoperated)).toBeUndefined();
  });

  it('names a whole date that is no day, and one after today', () => {
    expect(completedDateProblem('32/13/2026', today, unoperated)).toBe('Data inválida');
    expect(completedDateProblem('2026-11-28', today, unoperated)).toBe(
      'A data de realização não pode ser futura.',
    );
  });

  it('names a date on the wrong side of the surgery (03/02/2026)', () => {
    const surgeryDate = '2026-02-03';
    expect(completedDateProblem('2026-02-04', today, { phase: 'pre_operative', surgeryDate })).toBe(
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).',
    );
    expect(completedDateProblem('2026-02-02', today, { phase: 'post_operative', surgeryDate })).toBe(
      'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (03/02/2026).',
    );
    expect(
      completedDateProblem('2026-02-03', today, { phase: 'pre_operative', surgeryDate }),
    ).toBeUndefined();
  });
});
