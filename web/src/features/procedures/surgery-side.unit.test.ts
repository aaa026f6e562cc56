import { describe, expect, it } from 'vitest';
import { preOperativeDeadline, wrongSideOfSurgery } from './surgery-side.ts';

describe('wrongSideOfSurgery', () => {
  const surgery = '2026-02-03';

  it('given a post-operative procedure dated before the surgery, then says the server will refuse it', () => {
    expect(wrongSideOfSurgery('post_operative', surgery, '2026-02-02')).toBe(
      'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (03/02/2026).',
    );
    expect(wrongSideOfSurgery('post_operative', surgery, surgery)).toBeNull();
  });

  it('given a pre-operative procedure dated after the surgery, then says the server will refuse it', () => {
    expect(wrongSideOfSurgery('pre_operative', surgery, '2026-11-27')).toBe(
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).',
    );
    expect(wrongSideOfSurgery('pre_operative', surgery, surgery)).toBeNull();
  });

  it('given no surgery date, or no whole date, then says nothing', () => {
    expect(wrongSideOfSurgery('post_operative', null, '2020-01-01')).toBeNull();
    expect(wrongSideOfSurgery('pre_operative', surgery, '2026-11')).toBeNull();
    expect(wrongSideOfSurgery('pre_operative', surgery, undefined)).toBeNull();
  });
});

describe('preOperativeDeadline', () => {
  const today = '2026-11-27';

  it('given a pre-operative procedure of a patient operated before today, then the surgery date', () => {
    expect(preOperativeDeadline('pre_operative', '2026-02-03', today)).toBe('2026-02-03');
  });

  it('given a surgery today or ahead, none, or a post-operative procedure, then null', () => {
    expect(preOperativeDeadline('pre_operative', today, today)).toBeNull();
    expect(preOperativeDeadline('pre_operative', '2026-12-10', today)).toBeNull();
    expect(preOperativeDeadline('pre_operative', null, today)).toBeNull();
    expect(preOperativeDeadline('post_operative', '2026-02-03', today)).toBeNull();
  });
});
