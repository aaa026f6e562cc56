import type { CreatedAccessKey } from '@bari/contracts';
import { Dialog } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { CreatedKeyView } from './created-key-view.tsx';
import { accessKeysMessages as m } from './messages.ts';
import { NewKeyForm } from './new-key-form.tsx';

/**
 * 'Nova Chave' (§2 Access keys): the form, then the new key shown once. Mounted only while
 * open, so the key is gone for good once the dialog closes.
 */
export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedAccessKey | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <Dialog
      canEscapeKeyClose={!busy}
      // A stray click must not throw away a key that is shown only once.
      canOutsideClickClose={!busy && !created}
      icon={created ? IconNames.TICK_CIRCLE : IconNames.KEY}
      isOpen
      onClose={onClose}
      title={created ? m.createdTitle : m.newKey}
    >
      {created ? (
        <CreatedKeyView createdKey={created} onClose={onClose} />
      ) : (
        <NewKeyForm onBusyChange={setBusy} onCancel={onClose} onCreated={setCreated} />
      )}
    </Dialog>
  );
}
