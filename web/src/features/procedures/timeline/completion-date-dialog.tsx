import { clinicToday, formatClinicalDate, isClinicalDate } from '@bari/contracts';
import { Button, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DateInput } from '../../../common/date/date-input.tsx';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { commonMessages } from '../../../common/messages.ts';
import { proceduresMessages as m } from '../messages.ts';

/** What the dialog says: it serves 'Marcar todos' and the tick of one pre-operative procedure. */
export interface CompletionDateDialogText {
  readonly title: string;
  readonly question: string;
  /** Below the date once the patient is operated ('A cirurgia foi em …'). */
  readonly afterSurgery: (surgeryDate: string) => string;
  readonly confirm: string;
}

export interface CompletionDateDialogProps {
  text: CompletionDateDialogText;
  /** The patient's surgery date: pre-operative procedures are done by then. */
  surgeryDate: string | null;
  busy: boolean;
  /** Completes on this date; resolves to whether it was done. */
  onConfirm: (completedDate: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Asks the day on which pre-operative procedures were done before completing them (today unless
 * changed; never a future one). Once the patient is operated, those caught up late were done
 * before the surgery: no date is proposed (today would be a wrong one, and the server refuses
 * it), and none after the surgery is taken. Mounted only while open.
 */
export function CompletionDateDialog({
  text,
  surgeryDate,
  busy,
  onConfirm,
  onClose,
}: CompletionDateDialogProps) {
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
      title={text.title}
    >
      {(requestClose) => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogBody>
            <p>{text.question}</p>
            <FormGroup
              helperText={operated ? text.afterSurgery(formatClinicalDate(surgeryDate)) : undefined}
              label={m.completionDayLabel}
              labelFor="completion-date-dialog-date"
            >
              <DateInput
                // The day is what is asked: the cursor waits in its field.
                autoFocus
                id="completion-date-dialog-date"
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
                  text={busy ? m.marking : text.confirm}
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
