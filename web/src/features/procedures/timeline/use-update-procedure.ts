import { clinicToday, type PatientProcedureDto, type ProcedureAsSeen } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useUpdateProcedureMutation } from '../procedures-api.ts';
import { oneAtATime } from './one-at-a-time.ts';

/**
 * The timeline's changes to one procedure (§4) with the §8 toasts: ticking completes it today,
 * unticking makes it pending again (the date is cleared), a new date re-saves it completed.
 * One change at a time (`oneAtATime`): a repeat while one is on its way is ignored (the
 * controls stay enabled, so that the focus stays where the user put it); a different change
 * (another date picked before the first one's answer) is sent next. Each change says how the
 * page showed the procedure (`expected`): the server refuses it if someone else changed it
 * meanwhile.
 */
export function useUpdateProcedure(procedure: PatientProcedureDto) {
  const [update, { isLoading }] = useUpdateProcedureMutation();
  const { id, patientId, procedureType } = procedure;
  // What the server answered to this page's own last change, until the patient is read again
  // (a second click may come before that read, and must not look stale).
  const acknowledged = useRef<{ readonly from: ProcedureAsSeen; readonly to: ProcedureAsSeen }>(null);
  const shown: ProcedureAsSeen = { status: procedure.status, completedDate: procedure.completedDate };
  const sameAs = (a: ProcedureAsSeen, b: ProcedureAsSeen) =>
    a.status === b.status && a.completedDate === b.completedDate;
  const expected = (): ProcedureAsSeen => {
    const own = acknowledged.current;
    return own && sameAs(own.from, shown) ? own.to : shown;
  };

  type Request = Parameters<typeof update>[0]['changes'];
  const sameRequest = (a: Request, b: Request) =>
    a.status === b.status && (a.completedDate ?? null) === (b.completedDate ?? null);

  /** Resolves to whether the server took the change. */
  const sendOne = async (request: Request): Promise<boolean> => {
    try {
      const from = shown;
      const changes = { ...request, expected: expected() };
      const result = await update({ id, patientId, changes }).unwrap();
      acknowledged.current = { from, to: { status: result.status, completedDate: result.completedDate } };
      showToast({ title: m.updated, description: procedureType.name, intent: Intent.SUCCESS });
      return true;
    } catch (error) {
      // Refused: from now on, trust what the page shows (read again on a stale refusal).
      acknowledged.current = null;
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.updateFailed) });
      return false;
    }
  };
  // One queue for the row's life.
  const [queue] = useState(() => oneAtATime<Request>(sameRequest));
  const send = (request: Request) => queue(request, sendOne);

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
