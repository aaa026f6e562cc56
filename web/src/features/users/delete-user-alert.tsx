import type { UserListItem } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmAlert } from '../../common/confirm-alert.tsx';
import { usersMessages as m } from './messages.ts';
import { useDeleteUserMutation } from './users-api.ts';
import { userDisplayEmail } from './user-format.ts';

export interface DeleteUserAlertProps {
  user: UserListItem;
  onClose: () => void;
}

/** 'Excluir' asks first (§2 Users); mounted only while open. */
export function DeleteUserAlert({ user, onClose }: DeleteUserAlertProps) {
  const [deleteUser, { isLoading }] = useDeleteUserMutation();

  const confirm = async () => {
    try {
      await deleteUser(user.id).unwrap();
      showToast({ title: m.userDeleted, intent: Intent.SUCCESS });
      onClose();
    } catch (error) {
      // The server explains refusals it decides (own account, last administrator).
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.deleteFailed) });
    }
  };

  return (
    <ConfirmAlert
      confirmText={m.delete}
      icon={IconNames.TRASH}
      loading={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>{m.deleteConfirmation(userDisplayEmail(user))}</p>
    </ConfirmAlert>
  );
}
