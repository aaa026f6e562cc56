import { AnchorButton, Card, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { LOGIN_NAVIGATION_URL } from '../../app/unauthorized.ts';
import { accountMessages as m } from './messages.ts';
import './account.css';

/** /access-denied: the visitor has no account; ask an administrator (§2). */
export function AccessDeniedPage() {
  const navigate = useNavigate();
  return (
    <main className="account-page">
      <Card className="account-page__card" elevation={Elevation.THREE}>
        <NonIdealState
          action={
            <div className="account-page__actions">
              <AnchorButton
                href="/"
                icon={IconNames.HOME}
                onClick={(event) => {
                  event.preventDefault();
                  void navigate('/');
                }}
                text={m.backHome}
              />
              <AnchorButton
                href={LOGIN_NAVIGATION_URL}
                icon={IconNames.LOG_IN}
                intent={Intent.PRIMARY}
                text={m.tryAgain}
              />
            </div>
          }
          description={m.deniedDescription}
          icon={IconNames.BLOCKED_PERSON}
          title={m.deniedTitle}
        />
      </Card>
    </main>
  );
}
