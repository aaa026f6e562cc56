import {
  CLINICAL_DATE_INVALID,
  isClinicalDate,
  procedureMessages,
  type ProcedureType,
} from '@bari/contracts';
import { wrongSideOfSurgery } from '../surgery-side.ts';

/** Whole dd/mm/aaaa typed (the field fills the slashes in): ten characters. */
const WHOLE_TYPED_DATE = 10;

/** The procedure's phase and its patient's surgery date: the side of it the date must fall on. */
export interface SurgerySide {
  readonly phase: ProcedureType['phase'];
  readonly surgeryDate: string | null;
}

/**
 * What is wrong with a completion date being typed, once it is whole: not a real day
 * ('32/13/2026'), after today, or on the wrong side of the surgery. Undefined while it is right,
 * or not finished yet.
 */
export function completedDateProblem(
  draft: string | null,
  today: string,
  side: SurgerySide,
): string | undefined {
  if (draft === null || draft.length < WHOLE_TYPED_DATE) return undefined;
  if (!isClinicalDate(draft)) return CLINICAL_DATE_INVALID;
  if (draft > today) return procedureMessages.completedDateInFuture;
  return wrongSideOfSurgery(side.phase, side.surgeryDate, draft) ?? undefined;
}
