import { Button, DialogFooter, Intent, type ButtonProps } from '@blueprintjs/core';
import { commonMessages } from './messages.ts';

export interface FormDialogFooterProps {
  /** The form is being sent: 'Cancelar' waits for the answer. */
  busy: boolean;
  onCancel: () => void;
  /** The primary submit button: its icon, its text, and how it shows the form is being sent. */
  submit: Pick<ButtonProps, 'disabled' | 'icon' | 'loading' | 'text'>;
}

/** The footer of a dialog that holds a form: 'Cancelar', then the button that submits it. */
export function FormDialogFooter({ busy, onCancel, submit }: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button disabled={busy} onClick={onCancel} text={commonMessages.cancel} />
          <Button {...submit} intent={Intent.PRIMARY} type="submit" />
        </>
      }
    />
  );
}
