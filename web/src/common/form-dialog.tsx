import type { ReactNode } from 'react';
import { useUnsavedWork } from '../app/unsaved-work.ts';
import { AppDialog, type AppDialogProps } from './app-dialog.tsx';
import { useDiscardGuard } from './discard-guard.tsx';
import { useFocusBackToOpener } from './focus/use-focus-back-to-opener.ts';

export interface FormDialogProps extends Omit<
  AppDialogProps,
  'children' | 'isOpen' | 'onClose' | 'canEscapeKeyClose' | 'isCloseButtonShown'
> {
  /** The form holds changes: closing it by the backdrop, Escape, × or 'Cancelar' asks first. */
  dirty: boolean;
  /** The form is being sent: nothing closes it until the answer. */
  busy: boolean;
  /** Closes for good (the dialog is mounted only while open, style.md). */
  onClose: () => void;
  /** The dialog's content; `requestClose` is what its own 'Cancelar' must call. */
  children: (requestClose: () => void) => ReactNode;
}

/**
 * A dialog that holds a form (issue 11: forms never lose work). One stray click on the backdrop,
 * Escape or the × of a form with changes asks 'Descartar alterações?'; an untouched form closes
 * at once; while it is being sent nothing closes it. Every form dialog of the app is one.
 */
export function FormDialog({
  dirty,
  busy,
  onClose,
  children,
  canOutsideClickClose = true,
  ...dialogProps
}: FormDialogProps) {
  const { requestClose, confirmation } = useDiscardGuard(dirty, onClose);
  // A lost session meanwhile asks to sign in again over the form rather than leave the page.
  useUnsavedWork(dirty);
  useFocusBackToOpener();
  const close = () => {
    if (!busy) requestClose();
  };
  // The question is the dialog's sibling: inside it, its Escape would bubble (through the React
  // tree) to the dialog and ask again.
  return (
    <>
      <AppDialog
        {...dialogProps}
        canEscapeKeyClose={!busy}
        canOutsideClickClose={canOutsideClickClose && !busy}
        isCloseButtonShown={!busy}
        isOpen
        onClose={close}
      >
        {children(close)}
      </AppDialog>
      {confirmation}
    </>
  );
}
