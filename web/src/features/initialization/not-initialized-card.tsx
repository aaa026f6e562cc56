import type { InitializationCredential } from '@bari/contracts';
import { Button, Callout, Card, Classes, Elevation, H2, Icon, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { useInitializeMutation, type PlannedAccount } from './initialization-api.ts';
import { initializationMessages as m } from './messages.ts';

export interface NotInitializedCardProps {
  /** From the server when it names them; otherwise the two kinds of account are described. */
  accounts: readonly PlannedAccount[] | undefined;
  onInitialized: (credentials: InitializationCredential[]) => void;
}

/** The system has no user yet: what 'Inicializar Sistema' will create, and the button. */
export function NotInitializedCard({ accounts, onInitialized }: NotInitializedCardProps) {
  const [initialize, { isLoading }] = useInitializeMutation();

  const run = async () => {
    try {
      const result = await initialize().unwrap();
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
      <Callout icon={IconNames.WARNING_SIGN} intent={Intent.WARNING} title={m.notInitializedTitle}>
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
      <Button
        icon={IconNames.POWER}
        intent={Intent.PRIMARY}
        loading={isLoading}
        onClick={() => void run()}
        text={m.initialize}
      />
    </Card>
  );
}
