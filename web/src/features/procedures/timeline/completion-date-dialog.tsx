import { isClinicalDate } from '@bari/contracts';
import { Button, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DateInput } from '../../../common/date/date-input.tsx';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { commonMessages } from '../../../common/messages.ts';
import { proceduresMessages as m } from '../messages.ts';
import { dayProblem, type DayQuestion } from '../surgery-side.ts';

/** What the dialog says: it serves 'Marcar todos' and the tick of one procedure. */
export interface CompletionDateDialogText {
  readonly title: string;
  readonly question: string;
  readonly confirm: string;
}

export interface CompletionDateDialogProps {
  text: CompletionDateDialogText;
  /** The day asked: what is proposed, the days taken, and why (`surgery-side.ts`). */
  day: DayQuestion;
  busy: boolean;
  /** Completes on this date; resolves to whether it was done. */
  onConfirm: (completedDate: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Asks the day on which procedures were done before completing them: a pre-operative one of an
 * operated patient (no day proposed, none after the surgery taken), a follow-up visit overdue
 * (today proposed, the day it was planned said), the lab exams all at once. Never a future day.
 * Mounted only while open.
 */
export function CompletionDateDialog({ text, day, busy, onConfirm, onClose }: CompletionDateDialogProps) {
  const { proposed, earliest, latest, hint } = day;
  const [date, setDate] = useState(proposed);
  const problem = dayProblem(day, date);
  const valid = isClinicalDate(date) && problem === null;

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
              helperText={problem ?? hint ?? undefined}
              intent={problem ? Intent.DANGER : Intent.NONE}
              label={m.completionDayLabel}
              labelFor="completion-date-dialog-date"
            >
              <DateInput
                // The day is what is asked: the cursor waits in its field.
                autoFocus
                id="completion-date-dialog-date"
                intent={valid || date === '' ? Intent.NONE : Intent.DANGER}
                max={latest}
                min={earliest ?? undefined}
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
