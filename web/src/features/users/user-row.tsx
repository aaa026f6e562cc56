import type { UserListItem, UserStatus } from '@bari/contracts';
import { Button, ButtonVariant, Intent, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showToast } from '../../app/toaster.tsx';
import { usersMessages as m } from './messages.ts';
import { useUpdateUserStatusMutation } from './users-api.ts';
import { userCreatedAt, userDisplayEmail, userDisplayName } from './user-format.ts';
import { UserStatusTag } from './user-status-tag.tsx';

export interface UserRowProps {
  user: UserListItem;
  onDelete: (user: UserListItem) => void;
}

/** One user: name, email, status, role, creation date and Aprovar / Rejeitar / Excluir. */
export function UserRow({ user, onDelete }: UserRowProps) {
  const [updateStatus, { isLoading }] = useUpdateUserStatusMutation();

  const setStatus = async (status: Exclude<UserStatus, 'pending'>) => {
    try {
      await updateStatus({ id: user.id, status }).unwrap();
      showToast({ title: m.statusUpdated, intent: Intent.SUCCESS });
    } catch (error) {
      showToast({
        title: m.errorTitle,
        description: messageOrFallback(error, m.statusUpdateFailed),
        intent: Intent.DANGER,
      });
    }
  };

  return (
    <tr>
      <td>{userDisplayName(user)}</td>
      <td>{userDisplayEmail(user)}</td>
      <td>
        <UserStatusTag status={user.status} />
      </td>
      <td>
        {user.isAdmin ? (
          <Tag icon={IconNames.SHIELD} intent={Intent.PRIMARY}>
            {m.admin}
          </Tag>
        ) : (
          m.user
        )}
      </td>
      <td>{userCreatedAt(user.createdAt)}</td>
      <td>
        <div className="user-row__actions">
          {user.status !== 'approved' ? (
            <Button
              disabled={isLoading}
              icon={IconNames.TICK}
              intent={Intent.SUCCESS}
              onClick={() => void setStatus('approved')}
              size={Size.SMALL}
              text={m.approve}
              variant={ButtonVariant.OUTLINED}
            />
          ) : null}
          {user.status !== 'rejected' ? (
            <Button
              disabled={isLoading}
              icon={IconNames.CROSS}
              intent={Intent.WARNING}
              onClick={() => void setStatus('rejected')}
              size={Size.SMALL}
              text={m.reject}
              variant={ButtonVariant.OUTLINED}
            />
          ) : null}
          <Button
            disabled={isLoading}
            icon={IconNames.TRASH}
            intent={Intent.DANGER}
            onClick={() => onDelete(user)}
            size={Size.SMALL}
            text={m.delete}
            variant={ButtonVariant.MINIMAL}
          />
        </div>
      </td>
    </tr>
  );
}
