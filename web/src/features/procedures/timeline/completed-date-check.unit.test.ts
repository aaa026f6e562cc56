import { describe, expect, it } from 'vitest';
import { completedDateProblem } from './completed-date-check.ts';

describe('completedDateProblem', () => {
  const today = '2026-11-27';

  it('says nothing of a right date, or of one still being typed', () => {
    expect(completedDateProblem('2026-11-27', today)).toBeUndefined();
    expect(completedDateProblem('2025-02-28', today)).toBeUndefined();
    expect(completedDateProblem('12/03/20', today)).toBeUndefined();
    expect(completedDateProblem(null, today)).toBeUndefined();
  });

  it('names a whole date that is no day, and one after today', () => {
    expect(completedDateProblem('32/13/2026', today)).toBe('Data inválida');
    expect(completedDateProblem('2026-11-28', today)).toBe('A data de realização não pode ser futura.');
  });
});
