import { Callout, Card, Classes, Elevation, H1, Icon, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Link, useNavigate } from 'react-router-dom';
import { StandalonePage } from '../../common/standalone-page.tsx';
import { useInitializationStatusQuery } from '../initialization/initialization-api.ts';
import { LoginForm } from './login-form.tsx';
import { authMessages } from './messages.ts';
import './login-page.css';

/** §9: the app moves on to the dashboard this long after a successful login. */
export const POST_LOGIN_DELAY_MS = 100;

/** /login: email and access key (spec §2, §4 and §8). */
export function LoginPage() {
  const navigate = useNavigate();
  // On a fresh installation nobody has a key: the login screen shows the way to /initialize.
  const { data: status } = useInitializationStatusQuery();

  return (
    <StandalonePage centered className="login-page">
      <Card className="login-page__card" elevation={Elevation.THREE}>
        <header className="login-page__header">
          <Icon icon={IconNames.PULSE} intent={Intent.PRIMARY} size={32} />
          <H1 className="login-page__title">{authMessages.title}</H1>
          <p className={Classes.TEXT_MUTED}>{authMessages.subtitle}</p>
        </header>

        {status && !status.isInitialized ? (
          <Callout className="login-page__setup" icon={IconNames.INFO_SIGN} intent={Intent.PRIMARY}>
            {authMessages.notInitialized} <Link to="/initialize">{authMessages.initialize}</Link>
          </Callout>
        ) : null}

        <LoginForm
          idPrefix="login"
          onSignedIn={() => setTimeout(() => void navigate('/'), POST_LOGIN_DELAY_MS)}
          size={Size.LARGE}
        />

        <p className={`login-page__hint ${Classes.TEXT_MUTED}`}>{authMessages.hint}</p>
      </Card>
    </StandalonePage>
  );
}
