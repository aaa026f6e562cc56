import { isClinicalDate, procedureMessages, type ProcedureType } from '@bari/contracts';
import { formatDate } from '../patients/format.ts';

/**
 * A completion date on the wrong side of the surgery, said before saving, in the server's words
 * (COMPLETION_BEFORE_SURGERY, COMPLETION_AFTER_SURGERY): a post-operative procedure is done on or
 * after it, a pre-operative one on or before it. Nothing without a surgery date or a whole date.
 */
export function wrongSideOfSurgery(
  phase: ProcedureType['phase'],
  surgeryDate: string | null,
  value: unknown,
): string | null {
  if (!surgeryDate || typeof value !== 'string' || !isClinicalDate(value)) return null;
  const surgery = formatDate(surgeryDate);
  if (phase === 'post_operative' && value < surgeryDate)
    return procedureMessages.postOperativeBeforeSurgery(surgery);
  if (phase === 'pre_operative' && value > surgeryDate)
    return procedureMessages.preOperativeAfterSurgery(surgery);
  return null;
}

/**
 * The last day a pre-operative procedure of an operated patient can have been done: its surgery
 * (past); null while none is past. Its tick then asks the day instead of proposing today.
 */
export function preOperativeDeadline(
  phase: ProcedureType['phase'],
  surgeryDate: string | null,
  today: string,
): string | null {
  return phase === 'pre_operative' && surgeryDate !== null && surgeryDate < today ? surgeryDate : null;
}
