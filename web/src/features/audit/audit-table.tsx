import type { AuditLogEntryDto } from '@bari/contracts';
import { Button, ButtonVariant, Classes, HTMLTable, NonIdealState, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { actionLabel, detailsSummary, entityTypeLabel, formatTimestamp } from './audit-format.ts';
import { auditMessages as m } from './messages.ts';

export interface AuditTableProps {
  rows: AuditLogEntryDto[] | undefined;
  onOpen: (entry: AuditLogEntryDto) => void;
}

/** §2: the seven columns with their fallbacks; a row's details open in a dialog. */
export function AuditTable({ rows, onOpen }: AuditTableProps) {
  if (!rows) return <p className={Classes.TEXT_MUTED}>{m.loading}</p>;
  if (rows.length === 0) {
    return <NonIdealState description={m.emptyHint} icon={IconNames.HISTORY} title={m.empty} />;
  }
  // The table scrolls inside its card when the screen is too narrow for seven columns: the page
  // itself never scrolls sideways (1024 px).
  return (
    <div className="audit-table-scroll">
      <HTMLTable className="audit-table" compact striped>
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
              <td className="audit-table__user" title={entry.userEmail ?? undefined}>
                {entry.userEmail ?? m.system}
              </td>
              <td>
                <Tag minimal round>
                  {actionLabel(entry.action)}
                </Tag>
              </td>
              <td>{entityTypeLabel(entry.entityType)}</td>
              <td className="audit-table__name" title={entry.entityName ?? undefined}>
                {entry.entityName || m.none}
              </td>
              <td>{entry.ipAddress || m.none}</td>
              <td className="audit-table__details">
                {entry.details ? (
                  <Button
                    ellipsizeText
                    onClick={() => onOpen(entry)}
                    size={Size.SMALL}
                    text={detailsSummary(entry.details)}
                    title={detailsSummary(entry.details)}
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
