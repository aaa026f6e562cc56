import type { CreatedAccessKey } from '@bari/contracts';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormDialog } from '../../common/form-dialog.tsx';
import { CreatedKeyView } from './created-key-view.tsx';
import { accessKeysMessages as m } from './messages.ts';
import { NewKeyForm, type NewKeyFormState } from './new-key-form.tsx';

/**
 * 'Nova Chave' (§2 Access keys): the form, then the new key shown once. Mounted only while
 * open, so the key is gone for good once the dialog closes.
 */
export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedAccessKey | null>(null);
  const [form, setForm] = useState<NewKeyFormState>({ busy: false, dirty: false });

  return (
    <FormDialog
      // The form reports itself busy while sending, then unmounts without saying it is done:
      // once the key is shown, nothing is being sent (Escape and × must close it).
      busy={!created && form.busy}
      // A stray click must not throw away a key that is shown only once.
      canOutsideClickClose={!created}
      dirty={!created && form.dirty}
      icon={created ? IconNames.TICK_CIRCLE : IconNames.KEY}
      onClose={onClose}
      title={created ? m.createdTitle : m.newKey}
    >
      {(requestClose) =>
        created ? (
          <CreatedKeyView createdKey={created} onClose={onClose} />
        ) : (
          <NewKeyForm onCancel={requestClose} onCreated={setCreated} onStateChange={setForm} />
        )
      }
    </FormDialog>
  );
}
