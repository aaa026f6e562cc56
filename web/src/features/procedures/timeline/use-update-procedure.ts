import { clinicToday, type PatientProcedureDto } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useUpdateProcedureMutation } from '../procedures-api.ts';

/**
 * The timeline's changes to one procedure (§4) with the §8 toasts: ticking completes it today,
 * unticking makes it pending again (the date is cleared), a new date re-saves it completed.
 */
export function useUpdateProcedure(procedure: PatientProcedureDto) {
  const [update, { isLoading }] = useUpdateProcedureMutation();
  const { id, patientId, procedureType } = procedure;

  const send = async (changes: Parameters<typeof update>[0]['changes']) => {
    try {
      await update({ id, patientId, changes }).unwrap();
      showToast({ title: m.updated, description: procedureType.name, intent: Intent.SUCCESS });
    } catch (error) {
      showToast({
        title: m.error,
        description: failureDescription(error, m.updateFailed),
        intent: Intent.DANGER,
      });
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
