import { Alert, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import { commonMessages as m } from './messages.ts';

export interface DiscardGuard {
  /** What the dialog's backdrop, Escape, close and 'Cancelar' call. */
  requestClose: () => void;
  /** The 'Descartar alterações?' question while it is asked; render it beside the dialog. */
  confirmation: ReactNode;
}

/**
 * Keeps a form dialog's typed work from one stray click or key (issue 11): with changes, closing
 * asks 'Descartar alterações?' first; without, it closes at once.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): DiscardGuard {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const confirmation = asking ? (
    <DiscardQuestion onDiscard={close} onKeepEditing={() => setAsking(false)} />
  ) : null;
  return { requestClose, confirmation };
}

function DiscardQuestion({ onDiscard, onKeepEditing }: { onDiscard: () => void; onKeepEditing: () => void }) {
  // What had the focus as the question came (the field typed in, or 'Cancelar') has it back on
  // 'Continuar editando': unmounted at once, the question skips Blueprint's own return, and the
  // focus fell on an invisible element of the form's dialog.
  const [before] = useState(() => document.activeElement);
  const keepEditing = () => {
    onKeepEditing();
    requestAnimationFrame(() => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    });
  };
  return (
    <Alert
      canEscapeKeyCancel
      canOutsideClickCancel
      cancelButtonText={m.keepEditing}
      confirmButtonText={m.discard}
      icon={IconNames.WARNING_SIGN}
      intent={Intent.DANGER}
      isOpen
      onCancel={keepEditing}
      onConfirm={onDiscard}
    >
      <p>
        <strong>{m.discardQuestion}</strong>
      </p>
      <p>{m.discardDescription}</p>
    </Alert>
  );
}
