import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../common/layout/index.ts';
import { LazyPatientFormDialog as PatientFormDialog } from '../form/lazy-patient-form-dialog.tsx';
import { patientsMessages as m } from '../messages.ts';
import { PatientListCard } from './patient-list-card.tsx';
import './patients-page.css';

/**
 * /patients and /patients/new (§2: the same screen; /new opens the 'Novo Paciente' dialog
 * over the list). The list's search, filter and page survive opening and closing the dialog.
 */
export function PatientsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const creating = useMatch('/patients/new') !== null;
  const openNew = () => void navigate(`/patients/new${search}`);
  const closeNew = () => void navigate(`/patients${search}`);

  return (
    <div className="patients-page">
      <PageHeader subtitle={m.listSubtitle} title={m.listTitle} />
      <PatientListCard onNewPatient={openNew} />
      {creating ? <PatientFormDialog onClose={closeNew} /> : null}
    </div>
  );
}
