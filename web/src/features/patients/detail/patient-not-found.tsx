import { AnchorButton, Card, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../common/layout/index.ts';
import { patientsMessages as m } from '../messages.ts';

/** §2: 'Paciente não encontrado' with the way back to the list. */
export function PatientNotFound() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader subtitle={m.notFoundSubtitle} title={m.notFoundTitle} />
      <Card elevation={Elevation.ONE}>
        <NonIdealState
          action={
            <AnchorButton
              href="/patients"
              icon={IconNames.ARROW_LEFT}
              intent={Intent.PRIMARY}
              onClick={(event) => {
                event.preventDefault();
                void navigate('/patients');
              }}
              text={m.backToList}
            />
          }
          icon={IconNames.MOUNTAIN}
        />
      </Card>
    </>
  );
}
