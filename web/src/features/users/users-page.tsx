import { Button, Callout, Card, Elevation, H2, Intent } from '@blueprintjs/core';
import { AppSpinner } from '../../common/app-spinner.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { hasStatus } from '../../app/http-client.ts';
import { PageHeader } from '../../common/layout/page-header.tsx';
import { RestrictedAccessCard } from '../../common/restricted-access-card.tsx';
import { useCurrentUserQuery } from '../auth/auth-api.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { DebugAdminButton } from './debug-admin-button.tsx';
import { usersMessages as m } from './messages.ts';
import { RunMigrationButton } from './run-migration-button.tsx';
import { countUsers } from './user-format.ts';
import { UserCounters } from './user-counters.tsx';
import { UsersTable } from './users-table.tsx';
import { useUsersQuery } from './users-api.ts';
import './users.css';

/** /users — 'Gerenciamento de Usuários' (§2 Users, §6). */
export function UsersPage() {
  const { data: currentUser } = useCurrentUserQuery();
  const users = useUsersQuery();
  const [adding, setAdding] = useState(false);
  const forbidden = hasStatus(users.error, 403);

  let content;
  if (forbidden) {
    content = <RestrictedAccessCard />;
  } else if (users.isLoading) {
    content = <AppSpinner />;
  } else if (!users.data) {
    content = (
      <Callout icon={IconNames.ERROR} intent={Intent.DANGER}>
        {m.loadFailed}
      </Callout>
    );
  } else {
    content = (
      <>
        <UserCounters counts={countUsers(users.data)} />
        <Card className="users-page__list" elevation={Elevation.ONE}>
          <H2 className="users-page__list-title">{m.listTitle}</H2>
          <UsersTable currentUserId={currentUser?.id} users={users.data} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        actions={
          <>
            <DebugAdminButton />
            {currentUser?.isAdmin ? <RunMigrationButton /> : null}
            {forbidden ? null : (
              <Button
                icon={IconNames.NEW_PERSON}
                intent={Intent.PRIMARY}
                onClick={() => setAdding(true)}
                text={m.addUser}
              />
            )}
          </>
        }
        backTo="/"
        subtitle={m.subtitle}
        title={m.title}
      />
      {content}
      {adding ? <AddUserDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
