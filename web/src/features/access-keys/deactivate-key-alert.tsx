import type { AccessKeyListItem } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmAlert } from '../../common/confirm-alert.tsx';
import { useDeactivateAccessKeyMutation } from './access-keys-api.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface DeactivateKeyAlertProps {
  accessKey: AccessKeyListItem;
  onClose: () => void;
}

/** 'Desativar' is one-way (§4), so it asks first. Mounted only while open. */
export function DeactivateKeyAlert({ accessKey, onClose }: DeactivateKeyAlertProps) {
  const [deactivate, { isLoading }] = useDeactivateAccessKeyMutation();

  const confirm = async () => {
    try {
      await deactivate(accessKey.id).unwrap();
      showToast({ title: m.deactivated, description: accessKey.description, intent: Intent.SUCCESS });
      onClose();
    } catch (error) {
      showFailureToast(error, {
        title: m.errorTitle,
        description: messageOrFallback(error, m.deactivateFailed),
      });
    }
  };

  return (
    <ConfirmAlert
      confirmText={m.deactivate}
      icon={IconNames.DISABLE}
      loading={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>{m.deactivateConfirmation(accessKey.description)}</p>
    </ConfirmAlert>
  );
}
