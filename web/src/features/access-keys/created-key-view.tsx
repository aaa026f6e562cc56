import type { CreatedAccessKey } from '@bari/contracts';
import { Button, Callout, Classes, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { CopyableField } from '../../common/copyable-field.tsx';
import { accessKeysMessages as m } from './messages.ts';

export interface CreatedKeyViewProps {
  createdKey: CreatedAccessKey;
  onClose: () => void;
}

/** The full key, read-only with a copy button, this once (§2 Access keys, §9). */
export function CreatedKeyView({ createdKey, onClose }: CreatedKeyViewProps) {
  return (
    <>
      <DialogBody>
        <Callout className="created-key__warning" icon={IconNames.WARNING_SIGN} intent={Intent.WARNING}>
          {m.createdWarning}
        </Callout>
        <FormGroup label={m.keyLabel} labelFor="created-access-key">
          <CopyableField autoFocusCopy id="created-access-key" label={m.keyLabel} value={createdKey.key} />
        </FormGroup>
        <p className={Classes.TEXT_MUTED}>
          {createdKey.description}
          {createdKey.userEmail ? ` · ${m.boundTo} ${createdKey.userEmail}` : ` · ${m.invitation}`}
        </p>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} onClick={onClose} text={m.close} />} />
    </>
  );
}
