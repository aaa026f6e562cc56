import { isClinicalDate, procedureMessages, type ProcedureType } from '@bari/contracts';
import { formatDate } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';

/**
 * A completion date on the wrong side of the surgery, said before saving: a post-operative one
 * before it is refused by the server (COMPLETION_BEFORE_SURGERY); a pre-operative one after it
 * is most likely today, left as the form proposed it. Nothing without a surgery date or a date.
 */
export function completionDateWarning(
  phase: ProcedureType['phase'],
  surgeryDate: string | null,
  value: unknown,
): string | null {
  if (!surgeryDate || typeof value !== 'string' || !isClinicalDate(value)) return null;
  const surgery = formatDate(surgeryDate);
  if (phase === 'post_operative' && value < surgeryDate)
    return procedureMessages.postOperativeBeforeSurgery(surgery);
  if (phase === 'pre_operative' && value > surgeryDate) return m.preOperativeAfterSurgery(surgery);
  return null;
}
