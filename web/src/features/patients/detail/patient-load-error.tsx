import { Button, Card, Elevation, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from '../../../common/layout/index.ts';
import { patientsMessages as m } from '../messages.ts';

/** The patient could not be read for another reason than its absence (network, server error). */
export function PatientLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <PageHeader backTo="/patients" title={m.listTitle} />
      <Card elevation={Elevation.ONE}>
        <NonIdealState
          action={<Button icon={IconNames.REFRESH} onClick={onRetry} text={m.retry} />}
          icon={IconNames.ERROR}
          title={m.loadPatientFailed}
        />
      </Card>
    </>
  );
}
