import { CATEGORY_LABELS, type PatientHistoryEntryDto, type ProcedureHistoryChange } from '@bari/contracts';
import { Classes, Tag } from '@blueprintjs/core';
import { actionLabel, formatTimestamp } from '../audit-format.ts';
import { FieldChangesTable } from '../field-changes-table.tsx';
import { auditMessages as m } from '../messages.ts';

/**
 * Beyond this many procedures added at once (registration), only their count is shown; beyond
 * this many changed at once ('Marcar todos', a surgery date moved), they are folded under it.
 */
const LISTED_PROCEDURES = 5;

function ProcedureChange({ procedure }: { procedure: ProcedureHistoryChange }) {
  // Added already done ('Registrar Procedimento' of an optional one): what was recorded shows,
  // its date, place, professional and notes, as for a procedure completed in the timeline.
  const recorded =
    procedure.kind === 'added' &&
    procedure.changes.some((change) => change.field === 'status' && change.to === 'completed');
  return (
    <div>
      <strong>{procedure.procedureName}</strong>
      <span className={Classes.TEXT_MUTED}> — {CATEGORY_LABELS[procedure.procedureCategory]}</span>
      {procedure.kind === 'removed' ? ` (${m.procedureRemoved})` : null}
      {procedure.kind === 'added' ? ` (${m.procedureAdded})` : null}
      {procedure.kind === 'changed' || recorded ? <FieldChangesTable changes={procedure.changes} /> : null}
    </div>
  );
}

/**
 * One command of the patient's history: what it did (each action with its count), who, when,
 * from where, and the values before and after.
 */
export function HistoryEntry({ entry }: { entry: PatientHistoryEntryDto }) {
  const added = entry.procedures.filter((procedure) => procedure.kind === 'added');
  const others = entry.procedures.filter((procedure) => procedure.kind !== 'added');
  const listed = added.length > LISTED_PROCEDURES ? others : entry.procedures;
  return (
    <li className="patient-history__entry">
      {entry.actions.map(({ action, count }) => (
        <Tag className="patient-history__action" key={action} minimal round>
          {m.actionTimes(actionLabel(action), count)}
        </Tag>
      ))}{' '}
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
      {added.length > LISTED_PROCEDURES ? <p>{m.proceduresAdded(added.length)}</p> : null}
      {listed.length > LISTED_PROCEDURES ? (
        <details className="patient-history__procedures">
          <summary>{m.proceduresChanged(listed.length)}</summary>
          {listed.map((procedure) => (
            <ProcedureChange key={procedure.procedureId} procedure={procedure} />
          ))}
        </details>
      ) : (
        listed.map((procedure) => <ProcedureChange key={procedure.procedureId} procedure={procedure} />)
      )}
    </li>
  );
}
