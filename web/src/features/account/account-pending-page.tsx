import type { UserStatus } from '@bari/contracts';
import { AnchorButton, Button, Classes, Icon, Intent } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { withTabUser } from '../../app/tab-user.ts';
import { useCurrentUserQuery } from '../auth/auth-api.ts';
import { AccountCard } from './account-card.tsx';
import { accountMessages as m } from './messages.ts';

/** Browser navigation that ends the session on the server and lands on /login (§7). */
const LOGOUT_NAVIGATION_URL = '/api/logout';

const byStatus: Record<
  UserStatus | 'other',
  { icon: IconName; intent: Intent; title: string; text?: string }
> = {
  pending: {
    icon: IconNames.TIME,
    intent: Intent.WARNING,
    title: m.pendingTitle,
    text: m.pendingDescription,
  },
  rejected: {
    icon: IconNames.BAN_CIRCLE,
    intent: Intent.DANGER,
    title: m.rejectedTitle,
    text: m.rejectedDescription,
  },
  approved: { icon: IconNames.REFRESH, intent: Intent.PRIMARY, title: m.checkingTitle },
  other: { icon: IconNames.REFRESH, intent: Intent.PRIMARY, title: m.checkingTitle },
};

/** /account-pending: where signed-in users who are not approved are confined (§2). */
export function AccountPendingPage() {
  const { data: user } = useCurrentUserQuery();
  const view = byStatus[user?.status ?? 'other'];

  return (
    <AccountCard
      actions={
        <>
          <Button
            icon={IconNames.REFRESH}
            intent={Intent.PRIMARY}
            onClick={() => window.location.reload()}
            text={m.checkAgain}
          />
          <AnchorButton href={withTabUser(LOGOUT_NAVIGATION_URL)} icon={IconNames.LOG_OUT} text={m.logout} />
        </>
      }
      description={
        <>
          {view.text ? <p>{view.text}</p> : null}
          {user ? (
            <>
              <span className={Classes.TEXT_MUTED}>{m.emailLabel}</span>
              <p className="account-page__email">{user.email}</p>
            </>
          ) : null}
        </>
      }
      icon={<Icon icon={view.icon} intent={view.intent} size={48} />}
      title={view.title}
    />
  );
}
