import { lazy, Suspense } from 'react';
import { loadChunk } from '../../../common/load-chunk.ts';
import type { PatientFormDialogProps } from './patient-form-dialog.tsx';

// The form brings the IBGE list of 5,571 municipalities and the form's schema: fetched when a
// patient form first opens, not with the dashboard (issue 11, the first-load budget).
const PatientFormDialog = lazy(() =>
  loadChunk(() => import('./patient-form-dialog.tsx')).then((module) => ({
    default: module.PatientFormDialog,
  })),
);

/** `PatientFormDialog`, its code loaded on first open (the dialog appears once it has come). */
export function LazyPatientFormDialog(props: PatientFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <PatientFormDialog {...props} />
    </Suspense>
  );
}
