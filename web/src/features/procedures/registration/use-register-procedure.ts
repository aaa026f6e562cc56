import type { PatientDetailDto, ProcedureType } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { createRetryKey } from '../../../app/retry-key.ts';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useCreateProcedureMutation } from '../procedures-api.ts';
import type { RegistrationFormOutput } from './registration-form-values.ts';

export type RegisterOutcome = { registered: true } | { registered: false; error: unknown };

/**
 * 'Registrar Procedimento' (§4): records the chosen type as completed — the server completes
 * the patient's pending procedure of that type, or adds a completed one. §8 toasts.
 * Resolves to whether it was recorded, with the error when it was not (its field messages
 * belong under the form's fields).
 */
export function useRegisterProcedure(patient: PatientDetailDto, types: readonly ProcedureType[]) {
  const [createProcedure, { isLoading }] = useCreateProcedureMutation();
  // The same record sent again after a lost answer is answered, not refused as already recorded.
  const [retryKey] = useState(() => createRetryKey());

  const register = async (values: RegistrationFormOutput): Promise<RegisterOutcome> => {
    try {
      const known =
        types.some((type) => type.id === values.procedureTypeId) ||
        patient.procedures.some((procedure) => procedure.procedureTypeId === values.procedureTypeId);
      if (!known) throw new Error(m.procedureTypeNotFound);
      const request = { ...values, patientId: patient.id, status: 'completed' as const };
      await createProcedure({ ...request, idempotencyKey: retryKey.keyFor(request) }).unwrap();
      retryKey.written();
      showToast({ title: m.success, description: m.registered, intent: Intent.SUCCESS });
      return { registered: true };
    } catch (error) {
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.registerFailed) });
      return { registered: false, error };
    }
  };

  return { register, isRegistering: isLoading };
}
