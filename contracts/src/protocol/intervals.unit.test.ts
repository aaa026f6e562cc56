import { describe, expect, it } from 'vitest';
import { POST_OP_CATEGORIES } from './categories.ts';
import {
  FOLLOW_UP_INTERVALS,
  POST_OP_SCHEDULE,
  followUpDate,
  intervalOfScheduledMonth,
  scheduleBaseDate,
  scheduledDateFor,
  scheduledMonthOfCategory,
} from './intervals.ts';

const today = '2030-06-01';

describe('followUpDate (§9)', () => {
  it.each([
    ['1', '2025-01-10', '2025-02-09'], // +30 days, not +1 month
    ['2', '2025-01-10', '2025-03-10'],
    ['3', '2025-01-10', '2025-04-10'],
    ['4', '2025-01-10', '2025-05-10'],
    ['6', '2025-01-10', '2025-07-10'],
    ['9', '2025-01-10', '2025-10-10'],
    ['12-15', '2025-01-10', '2026-02-25'], // +13 months, +15 days
    ['18', '2025-01-10', '2026-07-10'],
    ['12-15', '2024-01-31', '2025-03-15'], // 2025-02-28 (clamped) + 15 days
    ['1', '2024-02-15', '2024-03-16'], // leap year
  ])('given interval %s and base %s, then the date is %s', (interval, base, expected) =>
    expect(followUpDate(interval, base, today)).toBe(expected),
  );

  it.each(['5', '12', '', 'x'])('given the unknown interval %j, then it is today', (interval) =>
    expect(followUpDate(interval, '2025-01-10', today)).toBe(today),
  );
});

describe('the post-operative schedule', () => {
  it('gives every post-operative category one interval code, each code once', () => {
    expect(POST_OP_CATEGORIES.map((category) => POST_OP_SCHEDULE[category].interval)).toEqual([
      ...FOLLOW_UP_INTERVALS,
    ]);
  });

  it('maps scheduledMonth back to the interval code', () => {
    for (const category of POST_OP_CATEGORIES) {
      expect(intervalOfScheduledMonth(scheduledMonthOfCategory(category))).toBe(
        POST_OP_SCHEDULE[category].interval,
      );
    }
    expect(intervalOfScheduledMonth(15)).toBe('12-15');
    expect(intervalOfScheduledMonth(5)).toBeNull();
    expect(intervalOfScheduledMonth(null)).toBeNull();
    expect(scheduledMonthOfCategory('pre_op_lab')).toBeNull();
  });

  it('schedules post-operative types from the base date and leaves pre-operative ones unscheduled', () => {
    expect(scheduledDateFor({ phase: 'post_operative', scheduledMonth: 6 }, '2025-01-10', today)).toBe(
      '2025-07-10',
    );
    expect(scheduledDateFor({ phase: 'post_operative', scheduledMonth: 7 }, '2025-01-10', today)).toBe(today);
    expect(
      scheduledDateFor({ phase: 'pre_operative', scheduledMonth: null }, '2025-01-10', today),
    ).toBeNull();
  });

  it('bases the schedule on the surgery date, else the admission date', () => {
    expect(scheduleBaseDate({ surgeryDate: '2025-02-01', admissionDate: '2025-01-31' })).toBe('2025-02-01');
    expect(scheduleBaseDate({ surgeryDate: null, admissionDate: '2025-01-31' })).toBe('2025-01-31');
  });
});
