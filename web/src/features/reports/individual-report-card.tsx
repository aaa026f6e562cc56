import { Button, Card, Elevation, FormGroup, Intent } from '@blueprintjs/core';
import { Heading } from '../../common/heading.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { showToast } from '../../app/toaster.tsx';
import { DateRangeFields, EMPTY_RANGE } from './date-range-fields.tsx';
import { reportsMessages as m } from './messages.ts';
import { openReport } from './open-report.ts';
import { PatientPicker, type PickedPatient } from './patient-picker.tsx';

/** The individual report (§2): a patient, optional dates, 'Gerar Relatório'. */
export function IndividualReportCard() {
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [range, setRange] = useState(EMPTY_RANGE);

  const generate = () => {
    if (!patient) {
      showToast({ title: m.errorTitle, description: m.patientRequired, intent: Intent.DANGER });
      return;
    }
    openReport('/api/reports/individual', { patient: patient.id }, range, m.individualOpened);
  };

  return (
    <Card className="reports-page__card" elevation={Elevation.ONE}>
      <Heading level={3} look={4}>
        {m.individualTitle}
      </Heading>
      <p className="reports-page__description">{m.individualDescription}</p>
      <FormGroup label={m.patientLabel} labelFor="individual-patient">
        <PatientPicker id="individual-patient" onChange={setPatient} value={patient} />
      </FormGroup>
      <DateRangeFields idPrefix="individual" onChange={setRange} value={range} />
      <Button icon={IconNames.DOCUMENT} intent={Intent.PRIMARY} onClick={generate} text={m.generate} />
    </Card>
  );
}
