import { LoginRequestSchema, type CurrentUser, type LoginRequest } from '@bari/contracts';
import { Button, Callout, Intent, type Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFocusAfterSubmit } from '../../common/focus/use-focus-after-submit.ts';
import { ControlledField } from '../../common/controlled-field.tsx';
import { TextField } from '../../common/text-field.tsx';
import { AccessKeyInput } from './access-key-input.tsx';
import { useLoginMutation } from './auth-api.ts';
import { loginErrorMessage } from './login-error.ts';
import { authMessages } from './messages.ts';
import './login-form.css';

export interface LoginFormProps {
  /** Unique in the page: prefixes the inputs' ids. */
  idPrefix: string;
  /** The email already filled in (the sign-in dialog: who lost the session); the key then takes the focus. */
  defaultEmail?: string;
  /** Called with who signed in, once the server took the key. */
  onSignedIn: (user: CurrentUser) => void;
  /** Keeps the form disabled after the sign-in, while what follows it happens. */
  busy?: boolean;
  /** The inputs' and button's size: large on the login screen. */
  size?: Size;
}

/**
 * Email and access key (spec §2 Login, §4, §8): the contract's schema validates them, a refusal
 * shows in a destructive alert above the button. The login screen and the 'Sessão encerrada'
 * dialog both sign in through it.
 */
export function LoginForm({ idPrefix, defaultEmail = '', onSignedIn, busy = false, size }: LoginFormProps) {
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setFocus,
    formState: { isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: defaultEmail, accessKey: '' },
  });
  // The fields are disabled while the key is checked: a refused key gives the focus back to it.
  const refocus = useFocusAfterSubmit(isSubmitting, setFocus);

  const onSubmit = async (values: LoginRequest) => {
    setFailure(null);
    let user: CurrentUser;
    try {
      user = await login(values).unwrap();
    } catch (error) {
      setFailure(loginErrorMessage(error));
      refocus('accessKey');
      return;
    }
    onSignedIn(user);
  };

  const disabled = isSubmitting || busy;
  const emailId = `${idPrefix}-email`;
  const accessKeyId = `${idPrefix}-access-key`;
  return (
    <form
      className="login-form"
      noValidate
      // Sent again with a field's mistake: the fields say what is wrong, not the last refusal.
      onSubmit={(event) => void handleSubmit(onSubmit, () => setFailure(null))(event)}
    >
      <TextField
        autoComplete="username"
        autoFocus={defaultEmail === ''}
        control={control}
        disabled={disabled}
        id={emailId}
        label={authMessages.emailLabel}
        leftIcon={IconNames.ENVELOPE}
        name="email"
        placeholder={authMessages.emailPlaceholder}
        size={size}
        type="email"
      />

      <ControlledField
        control={control}
        id={accessKeyId}
        label={authMessages.accessKeyLabel}
        name="accessKey"
      >
        {(field, intent) => (
          <AccessKeyInput
            autoComplete="current-password"
            autoFocus={defaultEmail !== ''}
            disabled={disabled}
            id={accessKeyId}
            inputRef={field.ref}
            intent={intent}
            leftIcon={IconNames.KEY}
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={field.onChange}
            placeholder={authMessages.accessKeyPlaceholder}
            size={size}
            value={field.value}
          />
        )}
      </ControlledField>

      {failure ? (
        <Callout className="login-form__failure" icon={IconNames.ERROR} intent={Intent.DANGER} role="alert">
          {failure}
        </Callout>
      ) : null}

      <Button
        disabled={disabled}
        fill
        intent={Intent.PRIMARY}
        size={size}
        text={disabled ? authMessages.submitting : authMessages.submit}
        type="submit"
      />
    </form>
  );
}
