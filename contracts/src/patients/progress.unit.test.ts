import { describe, expect, it } from 'vitest';
import { isProcedureOverdue, procedureDisplayStatus } from './procedure.ts';
import { derivePatientStatus, progressLevel, progressPercentage } from './progress.ts';

const today = '2025-06-01';

describe('progress (§4)', () => {
  it('is completed / all × 100, rounded, 0 when there are none', () => {
    expect(progressPercentage(0, 0)).toBe(0);
    expect(progressPercentage(1, 3)).toBe(33);
    expect(progressPercentage(2, 3)).toBe(67);
    expect(progressPercentage(93, 93)).toBe(100);
    expect(progressPercentage(5, 3)).toBe(100);
  });

  it('colours ≥ 80 success, ≥ 50 warning, else danger', () => {
    expect([0, 49, 50, 79, 80, 100].map(progressLevel)).toEqual([
      'danger',
      'danger',
      'warning',
      'warning',
      'success',
      'success',
    ]);
  });
});

describe('derived patient status', () => {
  const counts = { requiredProcedures: 10, completedRequiredProcedures: 4 };
  it('is pre_op without a surgery date or with one in the future', () => {
    expect(derivePatientStatus({ surgeryDate: null, ...counts }, today)).toBe('pre_op');
    expect(derivePatientStatus({ surgeryDate: '2025-06-02', ...counts }, today)).toBe('pre_op');
  });
  it('is post_op from the surgery day on, until every required procedure is completed', () => {
    expect(derivePatientStatus({ surgeryDate: today, ...counts }, today)).toBe('post_op');
    expect(
      derivePatientStatus(
        { surgeryDate: '2024-01-01', requiredProcedures: 10, completedRequiredProcedures: 10 },
        today,
      ),
    ).toBe('completed');
    expect(
      derivePatientStatus(
        { surgeryDate: '2024-01-01', requiredProcedures: 0, completedRequiredProcedures: 0 },
        today,
      ),
    ).toBe('post_op');
  });
});

describe('overdue', () => {
  it('is a pending procedure scheduled before today', () => {
    expect(isProcedureOverdue({ status: 'pending', scheduledDate: '2025-05-31' }, today)).toBe(true);
    expect(isProcedureOverdue({ status: 'pending', scheduledDate: today }, today)).toBe(false);
    expect(isProcedureOverdue({ status: 'pending', scheduledDate: null }, today)).toBe(false);
    expect(isProcedureOverdue({ status: 'completed', scheduledDate: '2025-01-01' }, today)).toBe(false);
    expect(procedureDisplayStatus({ status: 'pending', scheduledDate: '2025-01-01' }, today)).toBe('overdue');
  });
});
