import { clinicToday, formatClinicalDate, isClinicalDate } from '@bari/contracts';
import { Button, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DateInput } from '../../../common/date/date-input.tsx';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { commonMessages } from '../../../common/messages.ts';
import { proceduresMessages as m } from '../messages.ts';

export interface MarkAllLabsDialogProps {
  /** Pending lab exams the action will complete. */
  pending: number;
  /** The patient's surgery date: pre-operative exams are done by then. */
  surgeryDate: string | null;
  busy: boolean;
  /** Completes them on this date; resolves to whether it was done. */
  onConfirm: (completedDate: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Asks before 'Marcar todos como concluídos': how many exams, and on which date (today unless
 * changed; never a future one). Once the patient is operated, pre-operative exams caught up
 * late were done before the surgery: no date is proposed (today would be a wrong one), and none
 * after the surgery is taken. Mounted only while open.
 */
export function MarkAllLabsDialog({
  pending,
  surgeryDate,
  busy,
  onConfirm,
  onClose,
}: MarkAllLabsDialogProps) {
  const today = clinicToday(new Date());
  const operated = surgeryDate !== null && surgeryDate < today;
  const latest = operated ? surgeryDate : today;
  const proposed = operated ? '' : today;
  const [date, setDate] = useState(proposed);
  const valid = isClinicalDate(date) && date <= latest;

  const confirm = async () => {
    if (busy || !valid) return;
    if (await onConfirm(date)) onClose();
  };

  return (
    <FormDialog
      busy={busy}
      canOutsideClickClose={false}
      dirty={date !== proposed}
      icon={IconNames.TICK}
      onClose={onClose}
      title={m.markAllTitle}
    >
      {(requestClose) => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogBody>
            <p>{m.markAllQuestion(pending)}</p>
            <FormGroup
              helperText={operated ? m.markAllAfterSurgery(formatClinicalDate(surgeryDate)) : undefined}
              label={m.markAllDateLabel}
              labelFor="mark-all-labs-date"
            >
              <DateInput
                id="mark-all-labs-date"
                intent={valid || date === '' ? Intent.NONE : Intent.DANGER}
                max={latest}
                onChange={setDate}
                value={date}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button aria-disabled={busy} onClick={requestClose} text={commonMessages.cancel} />
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
      )}
    </FormDialog>
  );
}
