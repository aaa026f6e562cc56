import { Dialog, type DialogProps } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useDiscardGuard } from './discard-guard.tsx';

export interface FormDialogProps extends Omit<
  DialogProps,
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
  useFocusBackToOpener();
  const close = () => {
    if (!busy) requestClose();
  };
  // The question is the dialog's sibling: inside it, its Escape would bubble (through the React
  // tree) to the dialog and ask again.
  return (
    <>
      <Dialog
        {...dialogProps}
        canEscapeKeyClose={!busy}
        canOutsideClickClose={canOutsideClickClose && !busy}
        isCloseButtonShown={!busy}
        isOpen
        onClose={close}
      >
        {children(close)}
      </Dialog>
      {confirmation}
    </>
  );
}

/**
 * Gives the focus back to what opened the dialog (its button) once the dialog is gone, unless
 * something else took it meanwhile. The dialog is unmounted when it closes (it is mounted only
 * while open), which skips Blueprint's own return of the focus: it fell to the page, and a
 * keyboard user had to Tab again from the sidebar.
 */
function useFocusBackToOpener(): void {
  // Read while rendering the first time: by the effects, an autofocused field has the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    return () => {
      requestAnimationFrame(() => {
        const focused = document.activeElement;
        if (
          (focused === null || focused === document.body) &&
          opener instanceof HTMLElement &&
          opener.isConnected
        )
          opener.focus();
      });
    };
  }, [opener]);
}
