import { Card, Classes, Elevation, H1, Icon, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { StandalonePage } from '../../common/standalone-page.tsx';
import { LoginForm } from './login-form.tsx';
import { authMessages } from './messages.ts';
import './login-page.css';

/** §9: the app moves on to the dashboard this long after a successful login. */
export const POST_LOGIN_DELAY_MS = 100;

/** /login: email and access key (spec §2, §4 and §8). */
export function LoginPage() {
  const navigate = useNavigate();

  return (
    <StandalonePage centered className="login-page">
      <Card className="login-page__card" elevation={Elevation.THREE}>
        <header className="login-page__header">
          <Icon icon={IconNames.PULSE} intent={Intent.PRIMARY} size={32} />
          <H1 className="login-page__title">{authMessages.title}</H1>
          <p className={Classes.TEXT_MUTED}>{authMessages.subtitle}</p>
        </header>

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
