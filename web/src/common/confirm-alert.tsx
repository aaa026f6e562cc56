import { Alert, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { commonMessages } from './messages.ts';

export interface ConfirmAlertProps {
  /** The confirm button's text: the action itself ('Desativar', 'Excluir'). */
  confirmText: string;
  icon: IconName;
  /** The action is under way: the confirm button spins and Escape no longer cancels. */
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question asked. */
  children: ReactNode;
}

/**
 * Asks before a destructive action, 'Cancelar' beside the red confirm button. Mounted only
 * while open (style.md); the caller closes it once the action is done, or leaves it open to
 * try again after a failure.
 */
export function ConfirmAlert({
  confirmText,
  icon,
  loading,
  onConfirm,
  onCancel,
  children,
}: ConfirmAlertProps) {
  return (
    <Alert
      cancelButtonText={commonMessages.cancel}
      canEscapeKeyCancel={!loading}
      confirmButtonText={confirmText}
      icon={icon}
      intent={Intent.DANGER}
      isOpen
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </Alert>
  );
}
