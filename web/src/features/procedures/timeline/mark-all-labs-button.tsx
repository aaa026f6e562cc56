import { Button, ButtonVariant, Classes, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useCompletePendingLabsMutation } from '../procedures-api.ts';
import { CompletionDateDialog } from './completion-date-dialog.tsx';
import { preOperativeDay } from '../surgery-side.ts';
import { clinicToday } from '@bari/contracts';

export interface MarkAllLabsButtonProps {
  patientId: string;
  /** Pending lab exams: nothing to mark when there are none. */
  pending: number;
  surgeryDate: string | null;
}

/**
 * 'Mark all' on the lab exams (§4): every pending pre-operative lab exam completed, after a
 * confirmation that gives their count and the date (today unless changed). Repeats while it
 * runs, or with nothing pending, are ignored.
 */
export function MarkAllLabsButton({ patientId, pending, surgeryDate }: MarkAllLabsButtonProps) {
  const [completePendingLabs, { isLoading }] = useCompletePendingLabsMutation();
  const inFlight = useRef(false);
  const [asking, setAsking] = useState(false);

  /** Resolves to whether the exams were marked. */
  const markAll = async (completedDate: string): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      const { completed } = await completePendingLabs({ patientId, completedDate }).unwrap();
      showToast({
        title: m.labsCompleted,
        description: m.labsCompletedCount(completed),
        intent: Intent.SUCCESS,
      });
      return true;
    } catch (error) {
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.labsFailed) });
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      {/* Never `disabled`: the button would drop the focus once the last exam is marked. */}
      <Button
        aria-busy={isLoading}
        aria-disabled={pending === 0}
        className={pending === 0 ? Classes.DISABLED : undefined}
        icon={IconNames.TICK}
        intent={Intent.SUCCESS}
        onClick={() => {
          if (pending > 0) setAsking(true);
        }}
        size={Size.SMALL}
        text={m.markAllLabs}
        variant={ButtonVariant.MINIMAL}
      />
      {asking ? (
        <CompletionDateDialog
          busy={isLoading}
          onClose={() => setAsking(false)}
          onConfirm={markAll}
          day={preOperativeDay(surgeryDate, clinicToday(new Date()), m.markAllAfterSurgery)}
          text={{ title: m.markAllTitle, question: m.markAllQuestion(pending), confirm: m.markAllConfirm }}
        />
      ) : null}
    </>
  );
}
