import { Button, Classes, Dialog, Icon, Intent, SpinnerSize } from '@blueprintjs/core';
import { AppSpinner } from './app-spinner.tsx';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useFocusBackToOpener } from './focus/use-focus-back-to-opener.ts';
import { commonMessages } from './messages.ts';
import './confirm-alert.css';

export interface ConfirmAlertProps {
  /** The confirm button's text: the action itself ('Desativar', 'Excluir'). */
  confirmText: string;
  icon: IconName;
  /** Red for what destroys (the default); a warning for a run over every record. */
  intent?: typeof Intent.DANGER | typeof Intent.WARNING;
  /** The action is under way: the confirm button spins; presses and Escape do nothing. */
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question asked. */
  children: ReactNode;
}

/**
 * Asks before a destructive or sweeping action, 'Cancelar' beside the confirm button. Mounted only
 * while open (style.md); the caller closes it once the action is done, or leaves it open to
 * try again after a failure. Blueprint's `Alert` markup, but its `loading` disables the
 * confirm button, which drops the keyboard focus: here the buttons stay enabled, marked busy,
 * and presses are ignored while the action runs. Closed, it gives the focus back to the button
 * that opened it (or to that button's row or card, when the action removed the button).
 */
export function ConfirmAlert({
  confirmText,
  icon,
  intent = Intent.DANGER,
  loading,
  onConfirm,
  onCancel,
  children,
}: ConfirmAlertProps) {
  useFocusBackToOpener();
  const cancel = () => {
    if (!loading) onCancel();
  };

  return (
    <Dialog
      canEscapeKeyClose={!loading}
      canOutsideClickClose={false}
      className={Classes.ALERT}
      isOpen
      onClose={cancel}
      role="alertdialog"
    >
      <div className={Classes.ALERT_BODY}>
        <Icon icon={icon} intent={intent} size={40} />
        <div className={Classes.ALERT_CONTENTS}>{children}</div>
      </div>
      {/* Cancel first in the markup, as it is seen (Blueprint's footer reverses its row): the
          Tab order went right to left, the confirm button before 'Cancelar'. */}
      <div className={`${Classes.ALERT_FOOTER} confirm-alert__footer`}>
        <Button aria-disabled={loading} onClick={cancel} text={commonMessages.cancel} />
        <Button
          aria-busy={loading}
          icon={loading ? <AppSpinner size={SpinnerSize.SMALL} /> : undefined}
          intent={intent}
          onClick={() => {
            if (!loading) onConfirm();
          }}
          text={confirmText}
        />
      </div>
    </Dialog>
  );
}
