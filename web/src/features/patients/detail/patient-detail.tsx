import type { ProcedureCategory } from '@bari/contracts';
import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../common/layout/index.ts';
import { ProcedureTimeline } from '../../procedures/timeline/procedure-timeline.tsx';
import { RegisterProcedureCard } from '../../procedures/registration/register-procedure-card.tsx';
import { useGetProcedureTypesQuery } from '../../procedures/procedures-api.ts';
import { hasCode, hasStatus, messageOrFallback } from '../../../app/http-client.ts';
import { listOrigin } from '../list-origin.ts';
import { LazyPatientFormDialog as PatientFormDialog } from '../form/lazy-patient-form-dialog.tsx';
import { patientsMessages as m } from '../messages.ts';
import { useGetPatientQuery } from '../patients-api.ts';
import { DeletePatientDialog } from './delete-patient-dialog.tsx';
import { PatientDetailSkeleton } from './patient-detail-skeleton.tsx';
import { PatientLoadError } from './patient-load-error.tsx';
import { PatientNotFound } from './patient-not-found.tsx';
import { PatientProgressCard } from './patient-progress-card.tsx';
import { PatientSummaryCard } from './patient-summary-card.tsx';
import { PatientHistoryCard } from '../../audit/history/patient-history-card.tsx';
import './patient-detail.css';

const EMPTY_TYPES: never[] = [];

/** The patient page (§2): header, progress, the timeline on the left, the registration form on the right. */
export function PatientDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  // Back to the list as the user left it (search, filter, page).
  const backTo = listOrigin(useLocation().state);
  const patientQuery = useGetPatientQuery(id);
  const { data: types = EMPTY_TYPES } = useGetProcedureTypesQuery();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // Where 'Registrar Procedimento' recorded one, for the timeline to open (a new object each time).
  const [revealed, setRevealed] = useState<{ readonly category: ProcedureCategory } | null>(null);
  const patient = patientQuery.data;

  if (patientQuery.isLoading) return <PatientDetailSkeleton />;
  if (!patient) {
    // An id that is not even a UUID is as unknown as one no patient has.
    if (hasStatus(patientQuery.error, 404)) {
      const deleted = hasCode(patientQuery.error, 'PATIENT_DELETED');
      return (
        <PatientNotFound
          deletion={deleted ? messageOrFallback(patientQuery.error, '') : undefined}
          patientId={id}
        />
      );
    }
    if (hasStatus(patientQuery.error, 400)) return <PatientNotFound />;
    return <PatientLoadError onRetry={() => void patientQuery.refetch()} />;
  }

  return (
    <div className="patient-detail">
      <PageHeader
        actions={
          <>
            <Button icon={IconNames.EDIT} onClick={() => setDialog('edit')} text={m.edit} />
            <Button
              icon={IconNames.TRASH}
              intent={Intent.DANGER}
              onClick={() => setDialog('delete')}
              text={m.delete}
            />
          </>
        }
        backTo={backTo}
        subtitle={m.detailSubtitle}
        title={patient.name}
      />
      <div className="patient-detail__overview">
        <PatientSummaryCard patient={patient} />
        <PatientProgressCard patient={patient} />
      </div>
      <div className="patient-detail__body">
        <ProcedureTimeline patient={patient} reveal={revealed} types={types} />
        <aside aria-label={m.registrationAside} className="patient-detail__aside">
          <RegisterProcedureCard
            onRegistered={(category) => setRevealed({ category })}
            patient={patient}
            types={types}
          />
        </aside>
      </div>
      <PatientHistoryCard patientId={patient.id} />
      {dialog === 'edit' ? <PatientFormDialog onClose={() => setDialog(null)} patient={patient} /> : null}
      {dialog === 'delete' ? (
        <DeletePatientDialog
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate(backTo)}
          patient={patient}
        />
      ) : null}
    </div>
  );
}
