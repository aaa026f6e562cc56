import type { PatientListRow } from '@bari/contracts';
import { Classes, HTMLTable, Icon } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { patientsMessages as m } from '../messages.ts';
import { PatientTableRow } from './patient-table-row.tsx';
import { PatientTableSkeleton } from './patient-table-skeleton.tsx';

/** The columns of §2, in order. */
export const PATIENT_COLUMNS = [
  m.columnPatient,
  m.columnCns,
  m.columnMunicipality,
  m.columnAdmissionDate,
  m.columnProgress,
] as const;

export interface PatientTableProps {
  /** Undefined while the page loads. */
  rows: PatientListRow[] | undefined;
  emptyText: string;
}

/** The patient table of §2: Paciente, CNS, Município, Data da Internação, Progresso. */
export function PatientTable({ rows, emptyText }: PatientTableProps) {
  return (
    <div className="patient-table-wrapper">
      <HTMLTable aria-busy={rows === undefined} className="patient-table" interactive={Boolean(rows?.length)}>
        <thead>
          <tr>
            {PATIENT_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === undefined ? <PatientTableSkeleton columns={PATIENT_COLUMNS.length} /> : null}
          {rows?.length === 0 ? (
            <tr className="patient-table__empty">
              <td className={Classes.TEXT_MUTED} colSpan={PATIENT_COLUMNS.length}>
                <Icon className="patient-table__empty-icon" icon={IconNames.PEOPLE} size={32} />
                <div>{emptyText}</div>
              </td>
            </tr>
          ) : null}
          {rows?.map((row) => (
            <PatientTableRow key={row.id} row={row} />
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
