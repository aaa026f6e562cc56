import { formatClinicMinute, type AuditFacetsDto } from '@bari/contracts';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { actionLabel, displayNamedValue, displayValue, emailsOf, entityTypeLabel } from './audit-format.ts';
import type { AuditFilterValues } from './audit-filters.tsx';
import { auditMessages as m } from './messages.ts';

export interface AuditPrintHeadingProps {
  filters: AuditFilterValues;
  users: AuditFacetsDto['users'] | undefined;
  page: number;
  pages: number;
  /** The entries on this page, by their place in the list: a printout is one page of the list. */
  printed: { first: number; last: number; total: number };
}

/** The filters applied, as the filters show them; empty when the whole log is listed. */
function appliedFilters(filters: AuditFilterValues, users: AuditFacetsDto['users'] | undefined): string[] {
  const applied: string[] = [];
  if (filters.search.trim()) applied.push(m.printSearch(filters.search.trim()));
  if (filters.action !== 'all') applied.push(`${m.columns.action}: ${actionLabel(filters.action)}`);
  if (filters.entityType !== 'all')
    applied.push(`${m.columns.entityType}: ${entityTypeLabel(filters.entityType)}`);
  if (filters.userId !== 'all') {
    applied.push(
      `${m.columns.user}: ${displayNamedValue('userId', filters.userId, { emailOf: emailsOf(users) })}`,
    );
  }
  if (filters.from) applied.push(`${m.fromLabel} ${displayValue(filters.from)}`);
  if (filters.to) applied.push(`${m.toLabel} ${displayValue(filters.to)}`);
  return applied;
}

/**
 * Printed above the table only (audit.css, `@media print`): the filters the list was read with,
 * its page and when it was printed, since the filter card itself is not printed.
 */
export function AuditPrintHeading({ filters, users, page, pages, printed }: AuditPrintHeadingProps) {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    // Synchronously, so that the printed page holds the time of printing.
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const applied = appliedFilters(filters, users);
  return (
    <div className="audit-print-heading">
      <p>{applied.length > 0 ? m.printFilters(applied.join(' · ')) : m.printNoFilters}</p>
      <p>
        {m.printListPage(page, pages)} · {m.printedAt(formatClinicMinute(printedAt))}
      </p>
      {printed.last < printed.total || printed.first > 1 ? (
        <p>{m.printedRange(printed.first, printed.last, printed.total)}</p>
      ) : null}
    </div>
  );
}
