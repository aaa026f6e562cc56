import { PATIENT_FIELD_LABELS, auditValue, type PatientDetails } from '@bari/contracts';
import { Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { displayFieldValue, formatTimestamp } from '../audit-format.ts';
import { useGetPatientAsOfQuery } from '../audit-api.ts';
import { auditMessages as m } from '../messages.ts';

const FIELDS = Object.keys(PATIENT_FIELD_LABELS) as (keyof PatientDetails)[];

/** The patient as it stood at `asOf`, read-only, under a banner saying so. */
export function PastStateView({ patientId, asOf }: { patientId: string; asOf: string }) {
  const query = useGetPatientAsOfQuery({ id: patientId, asOf });
  if (query.isFetching) return <p>{m.historyLoading}</p>;
  if (!query.currentData) {
    const notFound = query.error && 'status' in query.error && query.error.status === 404;
    return (
      <Callout intent={notFound ? Intent.WARNING : Intent.DANGER} role="alert">
        {notFound ? m.asOfNotFound : m.asOfFailed}
      </Callout>
    );
  }
  const patient = query.currentData;
  return (
    <div className="patient-history__past">
      <Callout icon={IconNames.TIME} intent={Intent.PRIMARY}>
        {m.asOfBanner(formatTimestamp(asOf))}
      </Callout>
      <HTMLTable compact>
        <tbody>
          {FIELDS.map((field) => (
            <tr key={field}>
              <th>{PATIENT_FIELD_LABELS[field]}</th>
              <td>{displayFieldValue(field, auditValue(patient[field]))}</td>
            </tr>
          ))}
          <tr>
            <th>{m.progressLabel}</th>
            <td>{m.progress(patient.completedProcedures, patient.totalProcedures)}</td>
          </tr>
        </tbody>
      </HTMLTable>
    </div>
  );
}
