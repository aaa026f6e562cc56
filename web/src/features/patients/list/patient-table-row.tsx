import { municipalityLabel, type PatientListRow } from '@bari/contracts';
import { Classes } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router-dom';
import { cnsOrNotInformed, formatDate } from '../format.ts';
import { listOriginState } from '../list-origin.ts';
import { PatientStatusTag } from '../patient-status-tag.tsx';
import { ProgressMeter } from '../progress-meter.tsx';

/** One patient of the list: the name links to the patient page; real progress in the §4 colours. */
export function PatientTableRow({ row }: { row: PatientListRow }) {
  const { pathname, search } = useLocation();
  return (
    <tr>
      <td>
        <div className="patient-table__name">
          <Link state={listOriginState(pathname, search)} to={`/patients/${row.id}`}>
            {row.name}
          </Link>
          <PatientStatusTag status={row.status} />
        </div>
      </td>
      <td className={`patient-table__cns${row.cns ? '' : ` ${Classes.TEXT_MUTED}`}`}>
        {cnsOrNotInformed(row.cns)}
      </td>
      <td>{municipalityLabel(row.municipality)}</td>
      <td>{formatDate(row.admissionDate)}</td>
      <td className="patient-table__progress">
        <ProgressMeter value={row.progress} />
      </td>
    </tr>
  );
}
