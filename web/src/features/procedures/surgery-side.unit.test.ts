import { describe, expect, it } from 'vitest';
import type { ProcedureType } from '@bari/contracts';
import { dayAskedByTick, dayProblem, preOperativeDeadline, wrongSideOfSurgery } from './surgery-side.ts';

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

describe('dayAskedByTick', () => {
  const today = '2026-11-27';
  const say = {
    afterSurgery: (date: string) => `cirurgia ${date}`,
    planned: (date: string) => `previsto ${date}`,
  };
  const pending = (phase: 'pre_operative' | 'post_operative', scheduledDate: string | null) => ({
    procedureType: { phase } as ProcedureType,
    status: 'pending' as const,
    scheduledDate,
  });

  it('given a pre-operative procedure of a patient operated before today, then no day proposed, up to the surgery', () => {
    expect(dayAskedByTick(pending('pre_operative', null), '2026-02-03', today, say)).toEqual({
      proposed: '',
      earliest: null,
      latest: '2026-02-03',
      latestIs: 'surgery',
      hint: 'cirurgia 03/02/2026',
    });
  });

  it('given a procedure ticked more than a month after its plan, then today proposed, its plan said, not before the surgery', () => {
    expect(dayAskedByTick(pending('post_operative', '2026-04-14'), '2026-03-15', today, say)).toEqual({
      proposed: today,
      earliest: '2026-03-15',
      latest: today,
      latestIs: 'today',
      hint: 'previsto 14/04/2026',
    });
  });

  it('given a procedure due lately, one not due, a surgery ahead or a completed one, then the tick completes today', () => {
    expect(dayAskedByTick(pending('post_operative', '2026-11-10'), '2026-10-10', today, say)).toBeNull();
    expect(dayAskedByTick(pending('post_operative', '2027-01-10'), '2026-12-10', today, say)).toBeNull();
    expect(dayAskedByTick(pending('pre_operative', null), '2026-12-10', today, say)).toBeNull();
    expect(dayAskedByTick(pending('pre_operative', null), null, today, say)).toBeNull();
    expect(
      dayAskedByTick({ ...pending('post_operative', '2026-01-01'), status: 'completed' }, null, today, say),
    ).toBeNull();
  });
});

describe('dayProblem', () => {
  const overdue = {
    proposed: '2026-11-27',
    earliest: '2026-03-15',
    latest: '2026-11-27',
    latestIs: 'today',
    hint: null,
  } as const;
  const preOperative = {
    proposed: '',
    earliest: null,
    latest: '2026-02-03',
    latestIs: 'surgery',
    hint: null,
  } as const;

  it('names the rule a whole date breaks: the future, or either side of the surgery', () => {
    expect(dayProblem(overdue, '2026-11-28')).toBe('A data de realização não pode ser futura.');
    expect(dayProblem(overdue, '2026-03-14')).toBe(
      'Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (15/03/2026).',
    );
    expect(dayProblem(preOperative, '2026-02-04')).toBe(
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).',
    );
  });

  it('says nothing of a right date, or of one still being typed', () => {
    expect(dayProblem(overdue, '2026-03-15')).toBeNull();
    expect(dayProblem(preOperative, '2026-02-03')).toBeNull();
    expect(dayProblem(preOperative, '2026-02')).toBeNull();
  });
});
