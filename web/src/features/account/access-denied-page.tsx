import { AnchorButton, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LOGIN_NAVIGATION_URL } from '../../app/unauthorized.ts';
import { LinkButton } from '../../common/link-button.tsx';
import { AccountCard } from './account-card.tsx';
import { accountMessages as m } from './messages.ts';

/** /access-denied: the visitor has no account; ask an administrator (§2). */
export function AccessDeniedPage() {
  return (
    <AccountCard
      actions={
        <>
          <LinkButton icon={IconNames.HOME} text={m.backHome} to="/" />
          <AnchorButton
            href={LOGIN_NAVIGATION_URL}
            icon={IconNames.LOG_IN}
            intent={Intent.PRIMARY}
            text={m.tryAgain}
          />
        </>
      }
      description={m.deniedDescription}
      icon={IconNames.BLOCKED_PERSON}
      title={m.deniedTitle}
    />
  );
}
