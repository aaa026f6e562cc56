import type { ForceInitializationResult } from '@bari/contracts';
import { Button, FormGroup, H2, InputGroup, Intent, Section, SectionCard } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { CredentialsList } from './credentials-list.tsx';
import { useForceInitializeMutation } from './initialization-api.ts';
import { initializationMessages as m } from './messages.ts';

/** 'Inicialização Forçada': create or verify the default accounts whatever the state (§2). */
export function ForceInitializationSection() {
  const [setupToken, setSetupToken] = useState('');
  const [result, setResult] = useState<ForceInitializationResult | null>(null);
  const [forceInitialize, { isLoading }] = useForceInitializeMutation();

  const run = async () => {
    try {
      const answer = await forceInitialize({ setupToken: setupToken.trim() || undefined }).unwrap();
      setResult(answer);
      setSetupToken('');
      showToast({ title: m.forcedToastTitle, description: m.forcedToastDescription, intent: Intent.SUCCESS });
    } catch (error) {
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.forceFailed) });
    }
  };

  return (
    <Section
      className="initialize-page__force"
      icon={IconNames.WRENCH}
      title={m.forceTitle}
      titleRenderer={H2}
    >
      <SectionCard>
        <p>{m.forceDescription}</p>
        <form
          className="initialize-page__force-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          <FormGroup helperText={m.setupTokenHelper} label={m.setupTokenLabel} labelFor="setup-token">
            <InputGroup
              autoComplete="off"
              id="setup-token"
              leftIcon={IconNames.KEY}
              onValueChange={setSetupToken}
              type="password"
              value={setupToken}
            />
          </FormGroup>
          <Button
            icon={IconNames.REFRESH}
            intent={Intent.WARNING}
            loading={isLoading}
            text={m.force}
            type="submit"
          />
        </form>
      </SectionCard>
      {result ? (
        <SectionCard>
          <H2 className="initialize-page__heading">{m.resultsHeading}</H2>
          <ul className="initialize-page__results">
            {result.results.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
          {result.credentials.length > 0 ? <CredentialsList credentials={result.credentials} /> : null}
        </SectionCard>
      ) : null}
    </Section>
  );
}
