import type { AuditLogEntryDto } from '@bari/contracts';
import { Button, ButtonVariant, Classes, HTMLTable, NonIdealState, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import {
  actionLabel,
  detailsSummary,
  entityDisplayName,
  entityTypeLabel,
  formatTimestamp,
  patientIdOf,
  type ValueNames,
} from './audit-format.ts';
import { BreakableText } from '../../common/breakable-text.tsx';
import { auditMessages as m } from './messages.ts';

export interface AuditTableProps {
  rows: AuditLogEntryDto[] | undefined;
  /** Names for the ids and codes in a row's values (a user's email, a procedure type's name). */
  names?: ValueNames;
  onOpen: (entry: AuditLogEntryDto) => void;
}

/**
 * The Nome column's cell: the name that breaks where a long one may, or '-'. A patient's or a
 * procedure's name opens the patient's page, whose history stays reachable once the patient is
 * deleted.
 */
function nameOf(entry: AuditLogEntryDto) {
  const name = entityDisplayName(entry);
  if (!name) return m.none;
  const patientId = patientIdOf(entry);
  return patientId ? (
    <Link title={m.openPatient} to={`/patients/${patientId}`}>
      <BreakableText text={name} />
    </Link>
  ) : (
    <BreakableText text={name} />
  );
}

/** §2: the seven columns with their fallbacks; a row's details open in a dialog. */
export function AuditTable({ rows, names, onOpen }: AuditTableProps) {
  if (!rows) return <p className={Classes.TEXT_MUTED}>{m.loading}</p>;
  if (rows.length === 0) {
    return <NonIdealState description={m.emptyHint} icon={IconNames.HISTORY} title={m.empty} />;
  }
  // Seven columns fit the card from 1024 px up, and on paper: long text wraps (emails at '@' and
  // '.'), the date above its time; nothing is cut nor scrolls sideways.
  return (
    <div className="audit-table-scroll">
      <HTMLTable className="audit-table" compact striped>
        <colgroup>
          {Object.keys(m.columns).map((column) => (
            <col className={`audit-table__col-${column}`} key={column} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {Object.values(m.columns).map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <tr key={entry.id}>
              <td className="audit-table__time">{formatTimestamp(entry.timestamp)}</td>
              <td>{entry.userEmail ? <BreakableText text={entry.userEmail} /> : m.system}</td>
              <td>
                <Tag minimal multiline round>
                  {actionLabel(entry.action)}
                </Tag>
              </td>
              <td>{entityTypeLabel(entry.entityType)}</td>
              <td>{nameOf(entry)}</td>
              <td>{entry.ipAddress ? <BreakableText text={entry.ipAddress} /> : m.none}</td>
              <td className="audit-table__details">
                {entry.details ? (
                  <Button
                    className="audit-table__open"
                    onClick={() => onOpen(entry)}
                    size={Size.SMALL}
                    text={detailsSummary(entry.details, names)}
                    variant={ButtonVariant.MINIMAL}
                  />
                ) : (
                  m.none
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
