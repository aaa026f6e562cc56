import type { InitializationCredential } from '@bari/contracts';
import {
  Button,
  Callout,
  Card,
  Classes,
  Elevation,
  FormGroup,
  H2,
  Icon,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { useInitializeMutation, type PlannedAccount } from './initialization-api.ts';
import { initializationMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

export interface NotInitializedCardProps {
  /** From the server when it names them; otherwise the two kinds of account are described. */
  accounts: readonly PlannedAccount[] | undefined;
  onInitialized: (credentials: InitializationCredential[]) => void;
  /** The server says this browser is on another computer: the setup token is asked for. */
  setupTokenRequired: boolean;
}

/** The system has no user yet: what 'Inicializar Sistema' will create, and the button. */
export function NotInitializedCard({ accounts, onInitialized, setupTokenRequired }: NotInitializedCardProps) {
  const [initialize, { isLoading }] = useInitializeMutation();
  const [setupToken, setSetupToken] = useState('');

  const run = async () => {
    try {
      const result = await initialize({ setupToken: setupToken.trim() || undefined }).unwrap();
      showToast({
        title: m.initializedToastTitle,
        description: m.initializedToastDescription,
        intent: Intent.SUCCESS,
      });
      onInitialized(result.credentials);
    } catch (error) {
      showFailureToast(error, {
        title: m.errorTitle,
        description: messageOrFallback(error, m.initializeFailed),
      });
    }
  };

  return (
    <Card className="initialize-page__card" elevation={Elevation.TWO}>
      <Callout icon={IconNames.WARNING_SIGN} intent={Intent.WARNING}>
        <Heading level={2} look={5}>
          {m.notInitializedTitle}
        </Heading>

        {m.notInitializedDescription}
      </Callout>
      <H2 className="initialize-page__heading">{m.accountsHeading}</H2>
      <ul className="initialize-page__accounts">
        {(accounts ?? []).map((account) => (
          <li key={account.description + account.email}>
            <Icon icon={IconNames.USER} />
            <span>
              <strong>{account.description}</strong>
              {account.email ? <span className={Classes.TEXT_MUTED}> · {account.email}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        {setupTokenRequired ? (
          <FormGroup
            helperText={m.initializeSetupTokenHelper}
            label={m.setupTokenLabel}
            labelFor="initialize-setup-token"
          >
            <InputGroup
              autoComplete="off"
              id="initialize-setup-token"
              leftIcon={IconNames.KEY}
              onValueChange={setSetupToken}
              type="password"
              value={setupToken}
            />
          </FormGroup>
        ) : null}
        <Button
          icon={IconNames.POWER}
          intent={Intent.PRIMARY}
          loading={isLoading}
          text={m.initialize}
          type="submit"
        />
      </form>
    </Card>
  );
}
