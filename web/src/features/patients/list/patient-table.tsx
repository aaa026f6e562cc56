import type { PatientListRow, PatientListSort } from '@bari/contracts';
import { Button, ButtonVariant, Classes, HTMLTable, Icon } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { patientsMessages as m } from '../messages.ts';
import type { SortDirection } from './list-params.ts';
import { PatientTableRow } from './patient-table-row.tsx';
import { PatientTableSkeleton } from './patient-table-skeleton.tsx';

/** The columns of §2, in order, with the server's order each one's header sets (issue 11). */
export const PATIENT_COLUMNS: readonly { label: string; sort?: PatientListSort }[] = [
  { label: m.columnPatient, sort: 'name' },
  { label: m.columnCns },
  { label: m.columnMunicipality },
  { label: m.columnAdmissionDate, sort: 'admissionDate' },
  { label: m.columnProgress, sort: 'progress' },
];

export interface PatientTableProps {
  /** Undefined while the page loads. */
  rows: PatientListRow[] | undefined;
  emptyText: string;
  sort: PatientListSort;
  direction: SortDirection;
  onSortChange: (sort: PatientListSort) => void;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The patient table of §2: Paciente, CNS, Município, Data da Internação, Progresso. The name,
 * admission and progress headers order the list (again: the other way round).
 */
export function PatientTable({ rows, emptyText, sort, direction, onSortChange }: PatientTableProps) {
  return (
    <div className="patient-table-wrapper">
      <HTMLTable aria-busy={rows === undefined} className="patient-table" interactive={Boolean(rows?.length)}>
        <thead>
          <tr>
            {PATIENT_COLUMNS.map((column) => {
              const sorted = column.sort !== undefined && column.sort === sort;
              return (
                <th aria-sort={sorted ? ariaSort[direction] : undefined} key={column.label} scope="col">
                  {column.sort === undefined ? (
                    column.label
                  ) : (
                    <Button
                      alignText="start"
                      className="patient-table__sort"
                      endIcon={
                        sorted
                          ? direction === 'asc'
                            ? IconNames.CHEVRON_UP
                            : IconNames.CHEVRON_DOWN
                          : IconNames.DOUBLE_CARET_VERTICAL
                      }
                      onClick={() => onSortChange(column.sort!)}
                      text={column.label}
                      title={m.sortBy(column.label)}
                      variant={ButtonVariant.MINIMAL}
                    />
                  )}
                </th>
              );
            })}
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
