import type { PatientDto } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../format.ts';
import { patientsMessages as m } from '../messages.ts';
import { useCreatePatientMutation, useUpdatePatientMutation } from '../patients-api.ts';
import type { PatientFormOutput } from './patient-form-values.ts';

/** The patient being edited: its id and the version the form was opened on. */
export interface EditedPatient {
  id: string;
  version: number;
}

/**
 * Create or update (§2: depending on whether a patient was passed in), with the §8 toasts.
 * Resolves to the saved patient, or rejects with the API error after the failure toast.
 */
export function useSavePatient(edited: EditedPatient | undefined) {
  const [createPatient] = useCreatePatientMutation();
  const [updatePatient] = useUpdatePatientMutation();

  return async function savePatient(patient: PatientFormOutput): Promise<PatientDto> {
    try {
      const saved = edited
        ? await updatePatient({ id: edited.id, version: edited.version, patient }).unwrap()
        : await createPatient(patient).unwrap();
      showToast({ title: m.success, description: edited ? m.updated : m.created, intent: Intent.SUCCESS });
      return saved;
    } catch (error) {
      showFailureToast(error, {
        title: m.error,
        description: failureDescription(error, edited ? m.updateFailed : m.createFailed),
      });
      throw error;
    }
  };
}
