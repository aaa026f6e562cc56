import { describe, expect, it } from 'vitest';
import { completionDateWarning } from './completion-date-warning.ts';

describe('completionDateWarning', () => {
  const surgery = '2026-02-03';

  it('given a post-operative procedure dated before the surgery, then says the server will refuse it', () => {
    expect(completionDateWarning('post_operative', surgery, '2026-02-02')).toBe(
      'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (03/02/2026).',
    );
    expect(completionDateWarning('post_operative', surgery, surgery)).toBeNull();
  });

  it('given a pre-operative procedure dated after the surgery, then asks to check the date', () => {
    expect(completionDateWarning('pre_operative', surgery, '2026-11-27')).toBe(
      'A cirurgia foi em 03/02/2026: um procedimento pré-operatório é realizado até essa data. Confira a data.',
    );
    expect(completionDateWarning('pre_operative', surgery, surgery)).toBeNull();
  });

  it('given no surgery date, or no whole date, then says nothing', () => {
    expect(completionDateWarning('post_operative', null, '2020-01-01')).toBeNull();
    expect(completionDateWarning('pre_operative', surgery, '2026-11')).toBeNull();
    expect(completionDateWarning('pre_operative', surgery, undefined)).toBeNull();
  });
});
