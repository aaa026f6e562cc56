import {
  formatCpf,
  municipalityWithState,
  PATIENT_FIELD_LABELS,
  type PatientDto,
  type PatientProgress,
} from '@bari/contracts';
import { Card, Elevation, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { cnsOrNotInformed, formatDate } from '../format.ts';
import { patientsMessages as m } from '../messages.ts';
import { PatientStatusTag } from '../patient-status-tag.tsx';

export interface PatientSummaryCardProps {
  patient: PatientDto & Pick<PatientProgress, 'status'>;
}

/**
 * The patient's header facts (§2): CNS, municipality, surgery location and 'Alta: {date}' when
 * discharged, else 'Internação: {date}'; with the other identifiers staff look up.
 */
export function PatientSummaryCard({ patient }: PatientSummaryCardProps) {
  const facts: [string, string][] = [
    [m.cns, cnsOrNotInformed(patient.cns)],
    [m.cpf, formatCpf(patient.cpf)],
    [m.municipality, municipalityWithState(patient.municipality)],
    [m.surgeryLocation, patient.surgeryLocation],
    [m.surgeon, patient.surgeonName],
    [m.surgeryDate, patient.surgeryDate ? formatDate(patient.surgeryDate) : m.notScheduled],
  ];
  if (patient.aihNumber) facts.push([PATIENT_FIELD_LABELS.aihNumber, patient.aihNumber]);
  if (patient.sisregCode) facts.push([PATIENT_FIELD_LABELS.sisregCode, patient.sisregCode]);
  if (patient.notes) facts.push([PATIENT_FIELD_LABELS.notes, patient.notes]);

  return (
    <Card className="patient-summary" elevation={Elevation.ONE}>
      <div className="patient-summary__tags">
        <PatientStatusTag status={patient.status} />
        {patient.dischargeDate ? (
          <Tag icon={IconNames.LOG_OUT} intent={Intent.SUCCESS} minimal round>
            {m.discharge(formatDate(patient.dischargeDate))}
          </Tag>
        ) : (
          <Tag icon={IconNames.LOG_IN} minimal round>
            {m.admission(formatDate(patient.admissionDate))}
          </Tag>
        )}
      </div>
      <dl className="patient-summary__facts">
        {facts.map(([label, value]) => (
          <div className="patient-summary__fact" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
