import { Classes } from '@blueprintjs/core';

/** §9: the patient list's loading skeleton has 5 rows. */
export const SKELETON_ROWS = 5;

/** Placeholder rows while a page of the list loads. */
export function PatientTableSkeleton({ columns }: { columns: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr className="patient-table__skeleton-row" key={row}>
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <span className={`patient-table__skeleton ${Classes.SKELETON}`} />
        </td>
      ))}
    </tr>
  ));
}
