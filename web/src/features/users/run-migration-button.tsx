import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmAlert } from '../../common/confirm-alert.tsx';
import { usersMessages as m } from './messages.ts';
import { useRunMigrationMutation } from '../maintenance/maintenance-api.ts';

/**
 * 'Atualizar Procedimentos' (administrators, §2 Users, §6): POST /api/admin/run-migration.
 * It writes to every patient's record, so it asks first: a stray click on a state-wide
 * service would otherwise start it.
 */
export function RunMigrationButton() {
  const [runMigration, { isLoading }] = useRunMigrationMutation();
  const [asking, setAsking] = useState(false);

  const run = async () => {
    try {
      const result = await runMigration().unwrap();
      setAsking(false);
      showToast({ title: m.migrationDone, description: result.message, intent: Intent.SUCCESS });
    } catch (error) {
      showFailureToast(error, {
        title: m.migrationErrorTitle,
        description: messageOrFallback(error, m.migrationFailed),
      });
    }
  };

  return (
    <>
      <Button
        icon={IconNames.REFRESH}
        intent={Intent.WARNING}
        loading={isLoading}
        onClick={() => setAsking(true)}
        text={m.runMigration}
      />
      {asking ? (
        <ConfirmAlert
          confirmText={m.runMigration}
          icon={IconNames.REFRESH}
          intent={Intent.WARNING}
          loading={isLoading}
          onCancel={() => setAsking(false)}
          onConfirm={() => void run()}
        >
          <p>{m.migrationConfirmation}</p>
        </ConfirmAlert>
      ) : null}
    </>
  );
}
