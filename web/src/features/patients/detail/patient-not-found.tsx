import { Card, Classes, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from '../../../common/layout/index.ts';
import { LinkButton } from '../../../common/link-button.tsx';
import { patientsMessages as m } from '../messages.ts';
import { PatientHistoryCard } from '../../audit/history/patient-history-card.tsx';

export interface PatientNotFoundProps {
  patientId?: string;
  /** The server's word that the patient was deleted, when and by whom (`PATIENT_DELETED`). */
  deletion?: string;
}

/**
 * §2: 'Paciente não encontrado' with the way back to the list. For a patient since deleted
 * (reached from /audit), 'Paciente excluído' with when and by whom, and the patient's history
 * below: an auditor must be able to see what was recorded, up to the deletion.
 */
export function PatientNotFound({ patientId, deletion }: PatientNotFoundProps) {
  return (
    <>
      <PageHeader
        subtitle={deletion ?? m.notFoundSubtitle}
        title={deletion ? m.deletedPatientTitle : m.notFoundTitle}
      />
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
          icon={deletion ? IconNames.TRASH : IconNames.MOUNTAIN}
        />
      </Card>
      {patientId ? (
        <>
          <p className={`${Classes.TEXT_MUTED} patient-not-found__hint`}>
            {deletion ? m.deletedPatientHistory : m.deletedPatientHistoryHint}
          </p>
          <PatientHistoryCard patientId={patientId} />
        </>
      ) : null}
    </>
  );
}
