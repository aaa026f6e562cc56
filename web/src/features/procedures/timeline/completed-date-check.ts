import { CLINICAL_DATE_INVALID, isClinicalDate, procedureMessages } from '@bari/contracts';

/** Whole dd/mm/aaaa typed (the field fills the slashes in): ten characters. */
const WHOLE_TYPED_DATE = 10;

/**
 * What is wrong with a completion date being typed, once it is whole: not a real day
 * ('32/13/2026'), or after today. Undefined while it is right, or not finished yet.
 */
export function completedDateProblem(draft: string | null, today: string): string | undefined {
  if (draft === null || draft.length < WHOLE_TYPED_DATE) return undefined;
  if (!isClinicalDate(draft)) return CLINICAL_DATE_INVALID;
  if (draft > today) return procedureMessages.completedDateInFuture;
  return undefined;
}
