import type { PatientProcedureDto, ProcedureCategory } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { buildTimeline, expectedDate, initiallyOpenCategories } from './timeline-model.ts';

let sequence = 0;
function procedure(
  category: ProcedureCategory,
  status: 'pending' | 'completed',
  overdue = false,
): PatientProcedureDto {
  sequence += 1;
  const postOp = category.startsWith('post_op');
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    patientId: '00000000-0000-4000-8000-000000000000',
    procedureTypeId: `${category}.type-${sequence}`,
    procedureType: {
      id: `${category}.type-${sequence}`,
      name: `Procedimento ${sequence}`,
      category,
      phase: postOp ? 'post_operative' : 'pre_operative',
      isRequired: true,
      scheduledMonth: postOp ? 1 : null,
    },
    status,
    scheduledDate: postOp ? '2025-04-01' : null,
    completedDate: status === 'completed' ? '2025-03-01' : null,
    location: null,
    professionalName: null,
    notes: null,
    overdue,
  };
}

describe('buildTimeline', () => {
  it('has the 3 pre-operative and 8 post-operative categories, empty ones too, with their counts', () => {
    const timeline = buildTimeline([
      procedure('pre_op_lab', 'completed'),
      procedure('pre_op_lab', 'pending'),
      procedure('post_op_3mes', 'pending', true),
    ]);

    expect(timeline.map(({ phase, categories }) => [phase, categories.length])).toEqual([
      ['pre_operative', 3],
      ['post_operative', 8],
    ]);
    const labs = timeline[0]?.categories[1];
    expect(labs).toMatchObject({
      category: 'pre_op_lab',
      label: 'Exames laboratoriais',
      completed: 1,
      total: 2,
    });
    expect(timeline[1]?.categories.map((c) => c.label)).toEqual([
      '1º mês',
      '2º mês',
      '3º mês',
      '4º mês',
      '6º mês',
      '9º mês',
      '12º–15º mês',
      '18º mês',
    ]);
    expect(timeline[1]?.categories[2]).toMatchObject({ total: 1, pending: 1, overdue: 1 });
  });
});

describe('initiallyOpenCategories', () => {
  const timeline = buildTimeline([
    procedure('pre_op_exam', 'completed'),
    procedure('pre_op_lab', 'pending'),
    procedure('pre_op_consultation', 'pending'),
    procedure('post_op_1mes', 'completed'),
    procedure('post_op_2mes', 'pending', true),
    procedure('post_op_3mes', 'pending'),
    procedure('post_op_4mes', 'pending'),
  ]);

  it('before the surgery opens the pre-operative categories with something pending', () => {
    expect([...initiallyOpenCategories(timeline, 'pre_op')]).toEqual(['pre_op_lab', 'pre_op_consultation']);
  });

  it('after the surgery opens the first month with something pending, overdue or not', () => {
    expect([...initiallyOpenCategories(timeline, 'post_op')]).toEqual(['post_op_2mes']);
  });

  it('opens nothing once the follow-up is completed', () => {
    expect(initiallyOpenCategories(timeline, 'completed').size).toBe(0);
  });
});

describe('expectedDate', () => {
  // The surgery moved from 2025-03-02 (1st month: 2025-04-01) to 2025-04-10 (1st month: 2025-05-10).
  const movedBase = '2025-04-10';

  it("shows a completed post-operative procedure where today's plan puts it, as the pending ones", () => {
    expect(expectedDate(procedure('post_op_1mes', 'completed'), movedBase)).toBe('2025-05-10');
  });

  it("keeps the server's date for a pending procedure: it decides what is overdue", () => {
    expect(expectedDate(procedure('post_op_1mes', 'pending'), movedBase)).toBe('2025-04-01');
  });

  it('keeps the stored date of a type without a follow-up month, and pre-operative ones have none', () => {
    const added = procedure('post_op_1mes', 'completed');
    const withoutMonth = { ...added, procedureType: { ...added.procedureType, scheduledMonth: null } };
    expect(expectedDate(withoutMonth, movedBase)).toBe('2025-04-01');
    expect(expectedDate(procedure('pre_op_lab', 'completed'), movedBase)).toBeNull();
  });
});
