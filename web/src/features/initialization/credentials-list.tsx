import type { InitializationCredential } from '@bari/contracts';
import { Callout, Card, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { CopyableField } from '../../common/copyable-field.tsx';
import { initializationMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

export interface CredentialsListProps {
  credentials: readonly InitializationCredential[];
}

/** The keys (forced) initialization just created: description, email and key, shown this once. */
export function CredentialsList({ credentials }: CredentialsListProps) {
  return (
    <section aria-label={m.credentialsTitle} className="credentials-list">
      <Callout icon={IconNames.WARNING_SIGN} intent={Intent.WARNING}>
        <Heading level={2} look={5}>
          {m.credentialsTitle}
        </Heading>

        {m.credentialsWarning}
      </Callout>
      {credentials.map((credential) => (
        <Card className="credentials-list__item" compact key={credential.email}>
          <div className="credentials-list__description">{credential.description}</div>
          <div className={`credentials-list__email ${Classes.TEXT_MUTED}`}>{credential.email}</div>
          <CopyableField label={`${m.accessKeyLabel} ${credential.email}`} value={credential.accessKey} />
        </Card>
      ))}
    </section>
  );
}
