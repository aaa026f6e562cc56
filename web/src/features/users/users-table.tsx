import type { UserListItem } from '@bari/contracts';
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DeleteUserAlert } from './delete-user-alert.tsx';
import { usersMessages as m } from './messages.ts';
import { UserRow } from './user-row.tsx';

export interface UsersTableProps {
  users: readonly UserListItem[];
  /** The signed-in administrator, who may not reject or delete their own account. */
  currentUserId: string | undefined;
}

/** The users table (§2 Users), or 'Nenhum usuário encontrado'. */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  const [toDelete, setToDelete] = useState<UserListItem | null>(null);

  if (users.length === 0) return <NonIdealState icon={IconNames.PEOPLE} title={m.empty} />;

  return (
    <>
      <HTMLTable className="users-table" interactive striped>
        <thead>
          <tr>
            <th>{m.columnName}</th>
            <th className="users-table__email">{m.columnEmail}</th>
            <th>{m.columnStatus}</th>
            <th>{m.columnRole}</th>
            <th>{m.columnCreatedAt}</th>
            <th>{m.columnActions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow isSelf={user.id === currentUserId} key={user.id} onDelete={setToDelete} user={user} />
          ))}
        </tbody>
      </HTMLTable>
      {toDelete ? <DeleteUserAlert onClose={() => setToDelete(null)} user={toDelete} /> : null}
    </>
  );
}
