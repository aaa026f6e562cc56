import { municipalityLabel } from '@bari/contracts';
import { Card, Classes, Elevation, Icon } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { cnsOrNotInformed } from '../patients/format.ts';
import { useGetPatientsQuery } from '../patients/patients-api.ts';
import { dashboardMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

/** §9: the dashboard shows the first 3 patients of the list. */
export const RECENT_PATIENTS = 3;

/** 'Pacientes Recentes' (§2): the newest patients, each a link to their page. */
export function RecentPatientsCard() {
  const { data, isLoading } = useGetPatientsQuery({
    page: 1,
    pageSize: RECENT_PATIENTS,
    sort: 'registeredAt',
  });
  const patients = data?.rows.slice(0, RECENT_PATIENTS) ?? [];

  return (
    <Card className="dashboard-card" elevation={Elevation.ONE}>
      <div className="dashboard-card__header">
        <Heading level={2} look={5}>
          {m.recentPatients}
        </Heading>
        <Link to="/patients">{m.viewAll}</Link>
      </div>
      {isLoading ? (
        Array.from({ length: RECENT_PATIENTS }, (_, index) => (
          <div className={`recent-patient recent-patient--skeleton ${Classes.SKELETON}`} key={index} />
        ))
      ) : patients.length === 0 ? (
        <p className={`dashboard-card__empty ${Classes.TEXT_MUTED}`}>{m.noPatients}</p>
      ) : (
        <ul className="recent-patients">
          {patients.map((patient) => (
            <li className="recent-patient" key={patient.id}>
              <span className="recent-patient__avatar">
                <Icon icon={IconNames.PERSON} />
              </span>
              <div className="recent-patient__text">
                <Link className="recent-patient__name" to={`/patients/${patient.id}`}>
                  {patient.name}
                </Link>
                <span className={Classes.TEXT_MUTED}>{municipalityLabel(patient.municipality)}</span>
              </div>
              <span className={`recent-patient__cns ${Classes.TEXT_MUTED}`}>
                {m.cns}: {cnsOrNotInformed(patient.cns)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
