import type { InitializationCredential } from '@bari/contracts';
import { Callout, Card, Elevation, H1, Icon, Intent } from '@blueprintjs/core';
import { AppSpinner } from '../../common/app-spinner.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { commonMessages } from '../../common/messages.ts';
import { StandalonePage } from '../../common/standalone-page.tsx';
import { CredentialsList } from './credentials-list.tsx';
import { ForceInitializationSection } from './force-initialization-section.tsx';
import { GoToLoginButton } from './go-to-login-button.tsx';
import { InitializedCard } from './initialized-card.tsx';
import { useInitializationStatusQuery } from './initialization-api.ts';
import { initializationMessages as m } from './messages.ts';
import { NotInitializedCard } from './not-initialized-card.tsx';
import './initialize-page.css';

/** /initialize: first start of the system, and the forced re-initialization (§2). */
export function InitializePage() {
  const status = useInitializationStatusQuery();
  // Kept here, not read from the status: the keys are shown once, after which the status
  // already says "initialized".
  const [created, setCreated] = useState<InitializationCredential[] | null>(null);

  let content;
  if (created) {
    content = (
      <Card className="initialize-page__card" elevation={Elevation.TWO}>
        <CredentialsList credentials={created} />
        <GoToLoginButton />
      </Card>
    );
  } else if (status.isLoading) {
    content = <AppSpinner />;
  } else if (!status.data) {
    content = (
      <Callout icon={IconNames.ERROR} intent={Intent.DANGER}>
        {m.statusLoadFailed}
      </Callout>
    );
  } else if (status.data.isInitialized) {
    content = <InitializedCard status={status.data} />;
  } else {
    content = (
      <NotInitializedCard
        accounts={status.data.accounts}
        onInitialized={setCreated}
        setupTokenRequired={status.data.setupTokenRequired ?? false}
      />
    );
  }

  return (
    <StandalonePage className="initialize-page">
      <div className="initialize-page__column">
        <header className="initialize-page__header">
          <Icon icon={IconNames.PULSE} intent={Intent.PRIMARY} size={28} />
          <div>
            <div className="initialize-page__brand">{commonMessages.appName}</div>
            <H1 className="initialize-page__title">{m.pageTitle}</H1>
          </div>
        </header>
        {content}
        <ForceInitializationSection />
      </div>
    </StandalonePage>
  );
}
