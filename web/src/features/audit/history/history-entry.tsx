import { CATEGORY_LABELS, type PatientHistoryEntryDto } from '@bari/contracts';
import { Classes, Tag } from '@blueprintjs/core';
import { actionLabel, formatTimestamp } from '../audit-format.ts';
import { FieldChangesTable } from '../field-changes-table.tsx';
import { auditMessages as m } from '../messages.ts';

/** Beyond this many procedures added at once (registration), only their count is shown. */
const LISTED_ADDITIONS = 5;

/** One event of the patient's history: what, who, when, from where, and the values before and after. */
export function HistoryEntry({ entry }: { entry: PatientHistoryEntryDto }) {
  const added = entry.procedures.filter((procedure) => procedure.kind === 'added');
  const listed =
    added.length > LISTED_ADDITIONS ? entry.procedures.filter((p) => p.kind !== 'added') : entry.procedures;
  return (
    <li className="patient-history__entry">
      <Tag minimal round>
        {actionLabel(entry.action)}
      </Tag>{' '}
      <span className={Classes.TEXT_MUTED}>
        {m.historyBy(
          entry.userEmail ?? m.system,
          formatTimestamp(entry.timestamp),
          entry.ipAddress ?? m.none,
        )}
      </span>
      {entry.deletionReason ? (
        <p className="patient-history__reason">{m.deletionReason(entry.deletionReason)}</p>
      ) : null}
      {entry.changes.length > 0 ? <FieldChangesTable changes={entry.changes} /> : null}
      {added.length > LISTED_ADDITIONS ? <p>{m.proceduresAdded(added.length)}</p> : null}
      {listed.map((procedure) => (
        <div key={procedure.procedureId}>
          <strong>{procedure.procedureName}</strong>
          <span className={Classes.TEXT_MUTED}> — {CATEGORY_LABELS[procedure.procedureCategory]}</span>
          {procedure.kind === 'removed' ? ` (${m.procedureRemoved})` : null}
          {procedure.kind === 'added' ? ` (${m.procedureAdded})` : null}
          {procedure.kind === 'changed' ? <FieldChangesTable changes={procedure.changes} /> : null}
        </div>
      ))}
    </li>
  );
}
