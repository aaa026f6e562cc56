import { clinicToday, isClinicalDate } from '@bari/contracts';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DateInput } from '../../../common/date/date-input.tsx';
import { commonMessages } from '../../../common/messages.ts';
import { proceduresMessages as m } from '../messages.ts';

export interface MarkAllLabsDialogProps {
  /** Pending lab exams the action will complete. */
  pending: number;
  busy: boolean;
  /** Completes them on this date; resolves to whether it was done. */
  onConfirm: (completedDate: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Asks before 'Marcar todos como concluídos': how many exams, and on which date (today unless
 * changed; never a future one). Mounted only while open.
 */
export function MarkAllLabsDialog({ pending, busy, onConfirm, onClose }: MarkAllLabsDialogProps) {
  const today = clinicToday(new Date());
  const [date, setDate] = useState(today);
  const valid = isClinicalDate(date) && date <= today;

  const confirm = async () => {
    if (busy || !valid) return;
    if (await onConfirm(date)) onClose();
  };

  return (
    <Dialog
      canEscapeKeyClose={!busy}
      canOutsideClickClose={false}
      icon={IconNames.TICK}
      isOpen
      onClose={() => {
        if (!busy) onClose();
      }}
      title={m.markAllTitle}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <DialogBody>
          <p>{m.markAllQuestion(pending)}</p>
          <FormGroup label={m.markAllDateLabel} labelFor="mark-all-labs-date">
            <DateInput
              id="mark-all-labs-date"
              intent={valid ? Intent.NONE : Intent.DANGER}
              max={today}
              onChange={setDate}
              value={date}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button aria-disabled={busy} onClick={onClose} text={commonMessages.cancel} />
              <Button
                aria-busy={busy}
                disabled={!valid}
                icon={IconNames.TICK}
                intent={Intent.SUCCESS}
                text={busy ? m.marking : m.markAllConfirm}
                type="submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
