import type { PatientDto } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { hasCode } from '../../../app/http-client.ts';
import { createRetryKey } from '../../../app/retry-key.ts';
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

/** A save refused because someone else changed the patient since the form was filled (409). */
export const isStaleSave = (error: unknown): boolean => hasCode(error, 'STALE_PATIENT', 'STALE_REVISION');

/**
 * Create or update (§2: depending on whether a patient was passed in), with the §8 toasts.
 * Resolves to the saved patient, or rejects with the API error after the failure toast; a stale
 * save (`isStaleSave`) is left to the form, which takes the current patient and says so.
 * `version`: the one the form now stands on, when it took the patient again after a conflict.
 */
export function useSavePatient(edited: EditedPatient | undefined) {
  const [createPatient] = useCreatePatientMutation();
  const [updatePatient] = useUpdatePatientMutation();
  // A registration sent again unchanged (its answer lost) is answered, not refused as a duplicate CPF.
  const [retryKey] = useState(() => createRetryKey());

  return async function savePatient(
    patient: PatientFormOutput,
    version = edited?.version,
  ): Promise<PatientDto> {
    try {
      const saved = edited
        ? await updatePatient({ id: edited.id, version: version ?? edited.version, patient }).unwrap()
        : await createPatient({ patient, idempotencyKey: retryKey.keyFor(patient) }).unwrap();
      showToast({ title: m.success, description: edited ? m.updated : m.created, intent: Intent.SUCCESS });
      return saved;
    } catch (error) {
      if (edited && isStaleSave(error)) throw error;
      showFailureToast(error, {
        title: m.error,
        description: failureDescription(error, edited ? m.updateFailed : m.createFailed),
      });
      throw error;
    }
  };
}
