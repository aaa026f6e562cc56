import type { AccessKeyListItem } from '@bari/contracts';
import { Button, Callout, Card, Elevation, Intent, NonIdealState } from '@blueprintjs/core';
import { AppSpinner } from '../../common/app-spinner.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { hasStatus } from '../../app/http-client.ts';
import { PageHeader } from '../../common/layout/page-header.tsx';
import { RestrictedAccessCard } from '../../common/restricted-access-card.tsx';
import { AccessKeyCard } from './access-key-card.tsx';
import { useAccessKeysQuery } from './access-keys-api.ts';
import { DeactivateKeyAlert } from './deactivate-key-alert.tsx';
import { MaintenanceCard } from './maintenance-card.tsx';
import { accessKeysMessages as m } from './messages.ts';
import { NewKeyDialog } from './new-key-dialog.tsx';
import './access-keys.css';

const newestFirst = (a: AccessKeyListItem, b: AccessKeyListItem) => b.createdAt.localeCompare(a.createdAt);

/** /access-keys — 'Chaves de Acesso' (§2 Access keys). */
export function AccessKeysPage() {
  const keys = useAccessKeysQuery();
  const [creating, setCreating] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<AccessKeyListItem | null>(null);
  const forbidden = hasStatus(keys.error, 403);
  // Read once per render: a key past its expiry shows as 'Expirada' the next time the list draws.
  const now = new Date();

  let content;
  if (forbidden) {
    content = <RestrictedAccessCard />;
  } else if (keys.isLoading) {
    content = <AppSpinner />;
  } else if (!keys.data) {
    content = (
      <Callout icon={IconNames.ERROR} intent={Intent.DANGER}>
        {m.loadFailed}
      </Callout>
    );
  } else if (keys.data.length === 0) {
    content = (
      <Card elevation={Elevation.ONE}>
        <NonIdealState icon={IconNames.KEY} title={m.empty} />
      </Card>
    );
  } else {
    content = (
      <div className="access-keys-page__grid">
        {keys.data.toSorted(newestFirst).map((key) => (
          <AccessKeyCard accessKey={key} key={key.id} now={now} onDeactivate={setToDeactivate} />
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        actions={
          forbidden ? null : (
            <Button
              icon={IconNames.PLUS}
              intent={Intent.PRIMARY}
              onClick={() => setCreating(true)}
              text={m.newKey}
            />
          )
        }
        subtitle={m.subtitle}
        title={m.title}
      />
      {content}
      {forbidden ? null : <MaintenanceCard />}
      {creating ? <NewKeyDialog onClose={() => setCreating(false)} /> : null}
      {toDeactivate ? (
        <DeactivateKeyAlert accessKey={toDeactivate} onClose={() => setToDeactivate(null)} />
      ) : null}
    </>
  );
}
