import {
  addDaysToDate,
  isClinicalDate,
  procedureMessages,
  surgerySideIssue,
  type PatientProcedureDto,
  type ProcedureType,
} from '@bari/contracts';
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
  const issue = surgerySideIssue(phase, surgeryDate, value);
  if (!issue) return null;
  const surgery = formatDate(surgeryDate);
  return issue === 'before_surgery'
    ? procedureMessages.postOperativeBeforeSurgery(surgery)
    : procedureMessages.preOperativeAfterSurgery(surgery);
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

/** The day a completion dialog asks: proposed ('' for none), the range taken, and why. */
export interface DayQuestion {
  readonly proposed: string;
  /** The surgery, for a post-operative procedure. */
  readonly earliest: string | null;
  readonly latest: string;
  /** What `latest` is: today, or the surgery (a pre-operative procedure of an operated patient). */
  readonly latestIs: 'today' | 'surgery';
  readonly hint: string | null;
}

/**
 * The day of pre-operative procedures completed now: today, unless the patient was operated
 * before today; then none is proposed (today would be refused) and none after the surgery taken.
 */
export function preOperativeDay(
  surgeryDate: string | null,
  today: string,
  afterSurgery: (surgeryDate: string) => string,
): DayQuestion {
  const deadline = preOperativeDeadline('pre_operative', surgeryDate, today);
  return deadline
    ? {
        proposed: '',
        earliest: null,
        latest: deadline,
        latestIs: 'surgery',
        hint: afterSurgery(formatDate(deadline)),
      }
    : { proposed: today, earliest: null, latest: today, latestIs: 'today', hint: null };
}

/**
 * The day of a follow-up visit ticked long after its plan: today is proposed, but the day it
 * was planned is said, as a visit recorded late is often one done on time (a nurse helper saw a
 * 1st-month visit of April recorded as done in November). Not before the surgery.
 */
export function overdueDay(
  scheduledDate: string,
  surgeryDate: string | null,
  today: string,
  planned: (scheduledDate: string) => string,
): DayQuestion {
  return {
    proposed: today,
    earliest: surgeryDate,
    latest: today,
    latestIs: 'today',
    hint: planned(formatDate(scheduledDate)),
  };
}

/** A follow-up visit this late is asked its day when ticked (a day or two late is today's). */
const LATE_VISIT_DAYS = 30;

/**
 * The day a tick asks, or null when it completes today at once: a pre-operative procedure of a
 * patient operated before today, or a procedure ticked more than a month after its plan.
 */
export function dayAskedByTick(
  procedure: Pick<PatientProcedureDto, 'procedureType' | 'status' | 'scheduledDate'>,
  surgeryDate: string | null,
  today: string,
  say: { afterSurgery: (surgeryDate: string) => string; planned: (scheduledDate: string) => string },
): DayQuestion | null {
  if (procedure.status === 'completed') return null;
  if (preOperativeDeadline(procedure.procedureType.phase, surgeryDate, today)) {
    return preOperativeDay(surgeryDate, today, say.afterSurgery);
  }
  const { scheduledDate } = procedure;
  if (scheduledDate && scheduledDate < addDaysToDate(today, -LATE_VISIT_DAYS)) {
    const earliest = procedure.procedureType.phase === 'post_operative' ? surgeryDate : null;
    return overdueDay(scheduledDate, earliest, today, say.planned);
  }
  return null;
}

/**
 * Why a whole date typed in a completion dialog is not taken, in the words of the rule it
 * breaks: after today, after the surgery (pre-operative), or before it. Null while it is right
 * or not a whole date yet (the dialog's button stays disabled meanwhile).
 */
export function dayProblem(day: DayQuestion, date: string): string | null {
  if (!isClinicalDate(date)) return null;
  if (date > day.latest) {
    return day.latestIs === 'surgery'
      ? procedureMessages.preOperativeAfterSurgery(formatDate(day.latest))
      : procedureMessages.completedDateInFuture;
  }
  if (day.earliest !== null && date < day.earliest) {
    return procedureMessages.postOperativeBeforeSurgery(formatDate(day.earliest));
  }
  return null;
}
