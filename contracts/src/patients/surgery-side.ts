import type { ProcedureType } from '../protocol/procedure-type.ts';

/** On which wrong side of the surgery a completion date falls. */
export type SurgerySideIssue = 'before_surgery' | 'after_surgery';

/**
 * A post-operative procedure is done on or after the patient's surgery, a pre-operative one on
 * or before it: which rule `completedDate` breaks, or null (also without a surgery date). The
 * decider refuses it (COMPLETION_BEFORE_SURGERY, COMPLETION_AFTER_SURGERY); the web says it first.
 */
export function surgerySideIssue(
  phase: ProcedureType['phase'],
  surgeryDate: string | null,
  completedDate: string,
): SurgerySideIssue | null {
  if (!surgeryDate) return null;
  if (phase === 'post_operative' && completedDate < surgeryDate) return 'before_surgery';
  if (phase === 'pre_operative' && completedDate > surgeryDate) return 'after_surgery';
  return null;
}
