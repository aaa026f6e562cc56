import { clinicToday, type PatientProcedureDto } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useUpdateProcedureMutation } from '../procedures-api.ts';

/**
 * The timeline's changes to one procedure (§4) with the §8 toasts: ticking completes it today,
 * unticking makes it pending again (the date is cleared), a new date re-saves it completed.
 * One change at a time: a repeat while one is on its way is ignored (the controls stay enabled,
 * so that the focus stays where the user put it).
 */
export function useUpdateProcedure(procedure: PatientProcedureDto) {
  const [update, { isLoading }] = useUpdateProcedureMutation();
  const inFlight = useRef(false);
  const { id, patientId, procedureType } = procedure;

  /** Resolves to whether the server took the change. */
  const send = async (changes: Parameters<typeof update>[0]['changes']): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      await update({ id, patientId, changes }).unwrap();
      showToast({ title: m.updated, description: procedureType.name, intent: Intent.SUCCESS });
      return true;
    } catch (error) {
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.updateFailed) });
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  return {
    isUpdating: isLoading,
    setCompleted: (completed: boolean) =>
      send(
        completed
          ? { status: 'completed', completedDate: clinicToday(new Date()) }
          : { status: 'pending', completedDate: null },
      ),
    setCompletedDate: (completedDate: string) => send({ status: 'completed', completedDate }),
  };
}
