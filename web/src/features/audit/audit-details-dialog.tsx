import type { AuditFacetsDto, AuditLogEntryDto } from '@bari/contracts';
import { Button, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { AppDialog } from '../../common/app-dialog.tsx';
import {
  actionLabel,
  displayNamedValue,
  displayValue,
  entityTypeLabel,
  fieldLabel,
  formatTimestamp,
  orderedValues,
} from './audit-format.ts';
import { useValueNames } from './use-value-names.ts';
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
  const names = useValueNames(users, { withMunicipalities: Boolean(details?.values?.municipality) });
  // [key, label, value]: a value may share its label with a column ('Nome', a user's first name).
  const summary: [string, string, string][] = [
    ['timestamp', m.columns.timestamp, formatTimestamp(entry.timestamp)],
    ['user', m.columns.user, entry.userEmail ?? m.system],
    ['action', m.columns.action, actionLabel(entry.action)],
    ['entityType', m.columns.entityType, entityTypeLabel(entry.entityType)],
    ['entityName', m.columns.entityName, entry.entityName || m.none],
    ['ipAddress', m.columns.ipAddress, entry.ipAddress || m.none],
  ];
  if (details?.patientName) summary.push(['patient', m.patient, details.patientName]);
  if (details?.status) summary.push(['status', fieldLabel('status'), displayValue(details.status)]);
  for (const [key, value] of orderedValues(details?.values)) {
    summary.push([`value-${key}`, fieldLabel(key), displayNamedValue(key, value, names)]);
  }
  return (
    <AppDialog isOpen onClose={onClose} title={m.detailsTitle}>
      <DialogBody>
        <HTMLTable className="audit-details" compact>
          <tbody>
            {summary.map(([key, label, value]) => (
              <tr key={key}>
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
    </AppDialog>
  );
}
