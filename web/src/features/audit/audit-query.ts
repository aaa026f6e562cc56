import { clinicInstant } from '@bari/contracts';
import { isReversedRange } from '../../common/date/date-range.ts';
import type { AuditLogArgs } from './audit-api.ts';
import type { AuditFilterValues } from './audit-filters.tsx';
import { auditMessages as m } from './messages.ts';

export const PAGE_SIZE = 50;

/** The date filters whose typed text is no date (31/02/2026, or half a date left behind). */
export interface InvalidDates {
  from: boolean;
  to: boolean;
}

/** What is wrong with the period, by field; empty when the log may be read with it. */
export type DateErrors = Partial<Record<keyof InvalidDates, string>>;

/**
 * The period's problems, said at its fields instead of asking the server: an impossible date
 * ('Data inválida'), or 'De' after 'Até' (the reports' message; the server refuses it too).
 */
export function dateErrors(filters: AuditFilterValues, invalid: InvalidDates): DateErrors {
  const errors: DateErrors = {};
  if (invalid.from) errors.from = m.dateInvalid;
  if (invalid.to) errors.to = m.dateInvalid;
  else if (!invalid.from && isReversedRange(filters.from, filters.to)) errors.to = m.datesReversed;
  return errors;
}

/**
 * A day's first or last instant on São Paulo's clock (as the entries' times are shown, whatever
 * the computer's zone), as the server's ISO filter.
 */
const dayBound = (day: string, end: boolean): string | undefined =>
  day
    ? new Date(clinicInstant(day, end ? '23:59' : '00:00').getTime() + (end ? 59_999 : 0)).toISOString()
    : undefined;

/** The filters and the page as `GET /api/audit-logs` takes them ('all' and '' are no filter). */
export function queryOf(filters: AuditFilterValues, page: number): AuditLogArgs {
  return {
    search: filters.search.trim() || undefined,
    action: filters.action === 'all' ? undefined : filters.action,
    entityType: filters.entityType === 'all' ? undefined : filters.entityType,
    userId: filters.userId === 'all' ? undefined : filters.userId,
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
    page,
    pageSize: PAGE_SIZE,
  };
}
