import { useParams } from 'react-router-dom';
import { patientsMessages as m } from '../messages.ts';
import { PatientDetail } from './patient-detail.tsx';

/** /patients/{id} (§2). Without an id there is nothing to show but the not-found text. */
export function PatientDetailPage() {
  const { id } = useParams();
  if (!id) return <p>{m.notFoundTitle}</p>;
  // A new id is a new page: dialogs and opened categories do not carry over from another patient.
  return <PatientDetail id={id} key={id} />;
}
