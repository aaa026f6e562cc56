import type { FieldChange } from '@bari/contracts';
import { HTMLTable } from '@blueprintjs/core';
import { displayFieldValue, fieldLabel } from './audit-format.ts';
import { auditMessages as m } from './messages.ts';

/** Old → new values, one field a row, in Portuguese labels. */
export function FieldChangesTable({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <HTMLTable className="field-changes-table" compact>
      <thead>
        <tr>
          <th>{m.field}</th>
          <th>{m.before}</th>
          <th>{m.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <td>{fieldLabel(change.field)}</td>
            <td>{displayFieldValue(change.field, change.from)}</td>
            <td>{displayFieldValue(change.field, change.to)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
