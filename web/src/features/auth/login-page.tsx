import { LoginRequestSchema, type LoginRequest } from '@bari/contracts';
import { Button, Callout, Card, Classes, Elevation, H1, Icon, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ControlledField } from '../../common/controlled-field.tsx';
import { StandalonePage } from '../../common/standalone-page.tsx';
import { TextField } from '../../common/text-field.tsx';
import { AccessKeyInput } from './access-key-input.tsx';
import { useLoginMutation } from './auth-api.ts';
import { loginErrorMessage } from './login-error.ts';
import { authMessages } from './messages.ts';
import './login-page.css';

/** §9: the app moves on to the dashboard this long after a successful login. */
export const POST_LOGIN_DELAY_MS = 100;

/** /login: email and access key (spec §2, §4 and §8). */
export function LoginPage() {
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', accessKey: '' },
  });

  const onSubmit = async (values: LoginRequest) => {
    setFailure(null);
    try {
      await login(values).unwrap();
      setTimeout(() => void navigate('/'), POST_LOGIN_DELAY_MS);
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  };

  return (
    <StandalonePage centered className="login-page">
      <Card className="login-page__card" elevation={Elevation.THREE}>
        <header className="login-page__header">
          <Icon icon={IconNames.PULSE} intent={Intent.PRIMARY} size={32} />
          <H1 className="login-page__title">{authMessages.title}</H1>
          <p className={Classes.TEXT_MUTED}>{authMessages.subtitle}</p>
        </header>

        <form
          className="login-page__form"
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <TextField
            autoComplete="username"
            autoFocus
            control={control}
            disabled={isSubmitting}
            id="login-email"
            label={authMessages.emailLabel}
            leftIcon={IconNames.ENVELOPE}
            name="email"
            placeholder={authMessages.emailPlaceholder}
            size={Size.LARGE}
            type="email"
          />

          <ControlledField
            control={control}
            id="login-access-key"
            label={authMessages.accessKeyLabel}
            name="accessKey"
          >
            {(field, intent) => (
              <AccessKeyInput
                autoComplete="current-password"
                disabled={isSubmitting}
                id="login-access-key"
                inputRef={field.ref}
                intent={intent}
                leftIcon={IconNames.KEY}
                name={field.name}
                onBlur={field.onBlur}
                onValueChange={field.onChange}
                placeholder={authMessages.accessKeyPlaceholder}
                size={Size.LARGE}
                value={field.value}
              />
            )}
          </ControlledField>

          {failure ? (
            <Callout
              className="login-page__failure"
              icon={IconNames.ERROR}
              intent={Intent.DANGER}
              role="alert"
            >
              {failure}
            </Callout>
          ) : null}

          <Button
            disabled={isSubmitting}
            fill
            intent={Intent.PRIMARY}
            size={Size.LARGE}
            text={isSubmitting ? authMessages.submitting : authMessages.submit}
            type="submit"
          />
        </form>

        <p className={`login-page__hint ${Classes.TEXT_MUTED}`}>{authMessages.hint}</p>
      </Card>
    </StandalonePage>
  );
}
