import { Card, Classes, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from '../../../common/layout/index.ts';
import { LinkButton } from '../../../common/link-button.tsx';
import { patientsMessages as m } from '../messages.ts';
import { PatientHistoryCard } from '../../audit/history/patient-history-card.tsx';

/**
 * §2: 'Paciente não encontrado' with the way back to the list. For an id that is one (a patient
 * since deleted, reached from /audit), the patient's history stays reachable below: an auditor
 * must be able to see what was recorded, up to the deletion.
 */
export function PatientNotFound({ patientId }: { patientId?: string }) {
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
      {patientId ? (
        <>
          <p className={`${Classes.TEXT_MUTED} patient-not-found__hint`}>{m.deletedPatientHistoryHint}</p>
          <PatientHistoryCard patientId={patientId} />
        </>
      ) : null}
    </>
  );
}
