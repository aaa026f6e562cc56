import { Button, ButtonVariant, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useCompletePendingLabsMutation } from '../procedures-api.ts';

export interface MarkAllLabsButtonProps {
  patientId: string;
  /** Pending lab exams: nothing to mark when there are none. */
  pending: number;
}

/** 'Mark all' on the lab exams (§4): every pending pre-operative lab exam completed today. */
export function MarkAllLabsButton({ patientId, pending }: MarkAllLabsButtonProps) {
  const [completePendingLabs, { isLoading }] = useCompletePendingLabsMutation();

  const markAll = async () => {
    try {
      const { completed } = await completePendingLabs({ patientId }).unwrap();
      showToast({
        title: m.labsCompleted,
        description: m.labsCompletedCount(completed),
        intent: Intent.SUCCESS,
      });
    } catch (error) {
      showToast({
        title: m.error,
        description: failureDescription(error, m.labsFailed),
        intent: Intent.DANGER,
      });
    }
  };

  return (
    <Button
      disabled={pending === 0 || isLoading}
      icon={IconNames.TICK}
      intent={Intent.SUCCESS}
      onClick={() => void markAll()}
      size={Size.SMALL}
      text={m.markAllLabs}
      variant={ButtonVariant.MINIMAL}
    />
  );
}
