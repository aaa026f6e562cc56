import type { AuditFacetsDto, AuditLogEntryDto } from '@bari/contracts';
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import {
  actionLabel,
  displayNamedValue,
  displayValue,
  entityTypeLabel,
  fieldLabel,
  formatTimestamp,
} from './audit-format.ts';
import { useFocusBackToOpener } from '../../common/focus/use-focus-back-to-opener.ts';
import { FieldChangesTable } from './field-changes-table.tsx';
import { auditMessages as m } from './messages.ts';

export interface AuditDetailsDialogProps {
  entry: AuditLogEntryDto;
  /** The users the log names (the user filter's list), to show a user's id as their email. */
  users: AuditFacetsDto['users'] | undefined;
  onClose: () => void;
}

/** Everything an entry holds: who, when, where, the entity, old → new values and other values. */
export function AuditDetailsDialog({ entry, users, onClose }: AuditDetailsDialogProps) {
  useFocusBackToOpener();
  const { details } = entry;
  const emailOf = (id: string) => users?.find((user) => user.id === id)?.email;
  const summary: [string, string][] = [
    [m.columns.timestamp, formatTimestamp(entry.timestamp)],
    [m.columns.user, entry.userEmail ?? m.system],
    [m.columns.action, actionLabel(entry.action)],
    [m.columns.entityType, entityTypeLabel(entry.entityType)],
    [m.columns.entityName, entry.entityName || m.none],
    [m.columns.ipAddress, entry.ipAddress || m.none],
  ];
  if (details?.patientName) summary.push([m.patient, details.patientName]);
  if (details?.status) summary.push([fieldLabel('status'), displayValue(details.status)]);
  for (const [key, value] of Object.entries(details?.values ?? {})) {
    summary.push([fieldLabel(key), displayNamedValue(key, value, emailOf)]);
  }
  return (
    <Dialog isOpen onClose={onClose} title={m.detailsTitle}>
      <DialogBody>
        <HTMLTable className="audit-details" compact>
          <tbody>
            {summary.map(([label, value]) => (
              <tr key={label}>
                <th>{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {details?.changes && details.changes.length > 0 ? (
          <FieldChangesTable changes={details.changes} />
        ) : null}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose} text={m.close} />} />
    </Dialog>
  );
}
