import { Card, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from '../../../common/layout/index.ts';
import { LinkButton } from '../../../common/link-button.tsx';
import { patientsMessages as m } from '../messages.ts';

/** §2: 'Paciente não encontrado' with the way back to the list. */
export function PatientNotFound() {
  return (
    <>
      <PageHeader subtitle={m.notFoundSubtitle} title={m.notFoundTitle} />
      <Card elevation={Elevation.ONE}>
        <NonIdealState
          action={
            <LinkButton
              icon={IconNames.ARROW_LEFT}
              intent={Intent.PRIMARY}
              text={m.backToList}
              to="/patients"
            />
          }
          icon={IconNames.MOUNTAIN}
        />
      </Card>
    </>
  );
}
