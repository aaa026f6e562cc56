import { z } from 'zod';
import { isPostOpCategory, type Phase, type PostOpCategory, type ProcedureCategory } from './categories.ts';
import { addDaysToDate, addMonthsToDate } from './dates.ts';

/** Follow-up interval codes of §3. */
export const FOLLOW_UP_INTERVALS = ['1', '2', '3', '4', '6', '9', '12-15', '18'] as const;
export const FollowUpIntervalSchema = z.enum(FOLLOW_UP_INTERVALS);
export type FollowUpInterval = z.infer<typeof FollowUpIntervalSchema>;

/** Each post-operative category's interval and the `scheduledMonth` its types carry. */
export const POST_OP_SCHEDULE: Readonly<
  Record<PostOpCategory, { readonly interval: FollowUpInterval; readonly scheduledMonth: number }>
> = {
  post_op_1mes: { interval: '1', scheduledMonth: 1 },
  post_op_2mes: { interval: '2', scheduledMonth: 2 },
  post_op_3mes: { interval: '3', scheduledMonth: 3 },
  post_op_4mes: { interval: '4', scheduledMonth: 4 },
  post_op_6mes: { interval: '6', scheduledMonth: 6 },
  post_op_9mes: { interval: '9', scheduledMonth: 9 },
  post_op_12_15mes: { interval: '12-15', scheduledMonth: 12 },
  post_op_18mes: { interval: '18', scheduledMonth: 18 },
};

/** The `scheduledMonth` a type of this category carries: its post-operative month, else null. */
export function scheduledMonthOfCategory(category: ProcedureCategory): number | null {
  return isPostOpCategory(category) ? POST_OP_SCHEDULE[category].scheduledMonth : null;
}

/**
 * The interval code of a type's `scheduledMonth`: 1, 2, 3, 4, 6, 9 and 18 are their own code,
 * 12 to 15 are '12-15'; anything else (and null, the pre-operative types) has none.
 */
export function intervalOfScheduledMonth(month: number | null): FollowUpInterval | null {
  if (month === null) return null;
  if (month >= 12 && month <= 15) return '12-15';
  const code = String(month);
  return (FOLLOW_UP_INTERVALS as readonly string[]).includes(code) ? (code as FollowUpInterval) : null;
}

/**
 * The follow-up date of §9 from a base date (`yyyy-MM-dd`): '1' +30 days; '2', '3', '4', '6',
 * '9', '18' + that many months; '12-15' +13 months and +15 days; any other code → `today`
 * (passed in: the domain never reads the clock).
 */
export function followUpDate(interval: string, baseDate: string, today: string): string {
  switch (interval) {
    case '1':
      return addDaysToDate(baseDate, 30);
    case '2':
    case '3':
    case '4':
    case '6':
    case '9':
    case '18':
      return addMonthsToDate(baseDate, Number(interval));
    case '12-15':
      return addDaysToDate(addMonthsToDate(baseDate, 13), 15);
    default:
      return today;
  }
}

/** The base of the post-operative schedule: the surgery date, else the admission date. */
export function scheduleBaseDate(patient: {
  readonly surgeryDate: string | null;
  readonly admissionDate: string;
}): string {
  return patient.surgeryDate ?? patient.admissionDate;
}

/**
 * The scheduled date of a procedure of this type: pre-operative procedures have none;
 * post-operative ones fall at the base date plus their month's offset.
 */
export function scheduledDateFor(
  type: { readonly phase: Phase; readonly scheduledMonth: number | null },
  baseDate: string,
  today: string,
): string | null {
  if (type.phase !== 'post_operative') return null;
  return followUpDate(intervalOfScheduledMonth(type.scheduledMonth) ?? 'other', baseDate, today);
}
