import type { AuditLogEntryDto } from '@bari/contracts';

/** A row of the /audit table: one entry, or the entries one command wrote about one patient's procedures. */
export type AuditRowGroup =
  | { readonly kind: 'entry'; readonly entry: AuditLogEntryDto }
  | {
      readonly kind: 'group';
      /** The first entry's id: the group's key. */
      readonly id: string;
      readonly entries: readonly AuditLogEntryDto[];
    };

/**
 * Whether two entries were written by one command about one patient's procedures: the same
 * decision instant, actor and action ('Marcar todos' completing 22 exams; a surgery date
 * moved, rescheduling 53 procedures). The events of one command share their decision time.
 */
function sameCommand(a: AuditLogEntryDto, b: AuditLogEntryDto): boolean {
  return (
    a.entityType === 'procedure' &&
    b.entityType === 'procedure' &&
    a.timestamp === b.timestamp &&
    a.userId === b.userId &&
    a.action === b.action &&
    a.details?.patientId !== undefined &&
    a.details.patientId === b.details?.patientId
  );
}

/**
 * The page's entries as the table shows them: runs of two or more entries of one command folded
 * into a group (shown as one row, opened on demand), everything else as it comes, order kept.
 * A run cut by the page's end stays on each page as its own group.
 */
export function groupByCommand(entries: readonly AuditLogEntryDto[]): AuditRowGroup[] {
  const rows: AuditRowGroup[] = [];
  for (let first = 0; first < entries.length;) {
    let end = first + 1;
    while (end < entries.length && sameCommand(entries[first]!, entries[end]!)) end += 1;
    const run = entries.slice(first, end);
    rows.push(
      run.length === 1 ? { kind: 'entry', entry: run[0]! } : { kind: 'group', id: run[0]!.id, entries: run },
    );
    first = end;
  }
  return rows;
}
