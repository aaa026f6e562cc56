import { PROCEDURE_STATUS_LABELS, type PatientDetailDto } from '@bari/contracts';
import { Card, Elevation, Intent, Tag } from '@blueprintjs/core';
import { patientsMessages as m } from '../messages.ts';
import { ProgressMeter } from '../progress-meter.tsx';
import { Heading } from '../../../common/heading.tsx';

/** Overall progress (§2, §4): the bar in the §4 colours and 'X de Y procedimentos'. */
export function PatientProgressCard({ patient }: { patient: PatientDetailDto }) {
  const overdue = patient.procedures.filter((procedure) => procedure.overdue).length;
  const pending = patient.totalProcedures - patient.completedProcedures;
  return (
    <Card className="patient-progress-card" elevation={Elevation.ONE}>
      <Heading level={2} look={5} className="patient-progress-card__title">
        {m.progressTitle}
      </Heading>
      <ProgressMeter large value={patient.progress} />
      <p className="patient-progress-card__text">
        {m.progressText(patient.completedProcedures, patient.totalProcedures)}
      </p>
      <div className="patient-progress-card__counts">
        <Tag intent={Intent.SUCCESS} minimal round>
          {PROCEDURE_STATUS_LABELS.completed}: {patient.completedProcedures}
        </Tag>
        <Tag minimal round>
          {PROCEDURE_STATUS_LABELS.pending}: {pending}
        </Tag>
        {overdue > 0 ? (
          <Tag intent={Intent.DANGER} minimal round>
            {PROCEDURE_STATUS_LABELS.overdue}: {overdue}
          </Tag>
        ) : null}
      </div>
    </Card>
  );
}
