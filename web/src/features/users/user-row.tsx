import type { UserListItem, UserStatus } from '@bari/contracts';
import { Button, ButtonVariant, Intent, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmAlert } from '../../common/confirm-alert.tsx';
import { useFocusKeptInside } from '../../common/focus/use-focus-kept-inside.ts';
import { usersMessages as m } from './messages.ts';
import { useUpdateUserStatusMutation } from './users-api.ts';
import { userActionSubject, userCreatedAt, userDisplayEmail, userDisplayName } from './user-format.ts';
import { BreakableText } from '../../common/breakable-text.tsx';
import { UserStatusTag } from './user-status-tag.tsx';

export interface UserRowProps {
  user: UserListItem;
  /** The signed-in administrator's own row: no 'Rejeitar' nor 'Excluir'. */
  isSelf: boolean;
  onDelete: (user: UserListItem) => void;
}

/** One user: name, email, status, role, creation date and Aprovar / Rejeitar / Excluir. */
export function UserRow({ user, isSelf, onDelete }: UserRowProps) {
  const [updateStatus, { isLoading }] = useUpdateUserStatusMutation();
  // The buttons stay enabled while saving (a disabled button drops the focus): repeats are ignored.
  const inFlight = useRef(false);
  // 'Aprovar' and 'Rejeitar' disappear once done: the focus goes on to the row's next action.
  const focusGroup = useFocusKeptInside<HTMLTableRowElement>();
  const subject = userActionSubject(user);
  // Rejecting an approved user ends their sessions at once: asked first. A request still
  // pending is answered at once, as the spec's button does.
  const [confirmingReject, setConfirmingReject] = useState(false);

  const setStatus = async (status: Exclude<UserStatus, 'pending'>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await updateStatus({ id: user.id, status }).unwrap();
      showToast({ title: m.statusUpdated, intent: Intent.SUCCESS });
    } catch (error) {
      showFailureToast(error, {
        title: m.errorTitle,
        description: messageOrFallback(error, m.statusUpdateFailed),
      });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <tr {...focusGroup}>
      <td>{userDisplayName(user)}</td>
      <td className="users-table__email">
        <BreakableText text={userDisplayEmail(user)} />
      </td>
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
      <td className="users-table__date">{userCreatedAt(user.createdAt)}</td>
      <td>
        <div className="user-row__actions">
          {user.status !== 'approved' ? (
            <Button
              aria-busy={isLoading}
              aria-label={m.approveUser(subject)}
              icon={IconNames.TICK}
              intent={Intent.SUCCESS}
              onClick={() => void setStatus('approved')}
              size={Size.SMALL}
              text={m.approve}
              variant={ButtonVariant.OUTLINED}
            />
          ) : null}
          {user.status !== 'rejected' && !isSelf ? (
            <Button
              aria-busy={isLoading}
              aria-label={m.rejectUser(subject)}
              icon={IconNames.CROSS}
              intent={Intent.WARNING}
              onClick={() =>
                user.status === 'approved' ? setConfirmingReject(true) : void setStatus('rejected')
              }
              size={Size.SMALL}
              text={m.reject}
              variant={ButtonVariant.OUTLINED}
            />
          ) : null}
          {isSelf ? null : (
            <Button
              aria-label={m.deleteUser(subject)}
              icon={IconNames.TRASH}
              intent={Intent.DANGER}
              onClick={() => onDelete(user)}
              size={Size.SMALL}
              text={m.delete}
              variant={ButtonVariant.MINIMAL}
            />
          )}
        </div>
        {confirmingReject ? (
          <ConfirmAlert
            confirmText={m.reject}
            icon={IconNames.CROSS}
            intent={Intent.WARNING}
            loading={isLoading}
            onCancel={() => setConfirmingReject(false)}
            onConfirm={() => void setStatus('rejected').then(() => setConfirmingReject(false))}
          >
            <p>{m.rejectConfirmation(userDisplayEmail(user))}</p>
          </ConfirmAlert>
        ) : null}
      </td>
    </tr>
  );
}
