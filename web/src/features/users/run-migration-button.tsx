import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { usersMessages as m } from './messages.ts';
import { useRunMigrationMutation } from '../maintenance/maintenance-api.ts';

/** 'Atualizar Procedimentos' (administrators, §2 Users, §6): POST /api/admin/run-migration. */
export function RunMigrationButton() {
  const [runMigration, { isLoading }] = useRunMigrationMutation();

  const run = async () => {
    try {
      const result = await runMigration().unwrap();
      showToast({ title: m.migrationDone, description: result.message, intent: Intent.SUCCESS });
    } catch (error) {
      showFailureToast(error, {
        title: m.migrationErrorTitle,
        description: messageOrFallback(error, m.migrationFailed),
      });
    }
  };

  return (
    <Button
      icon={IconNames.REFRESH}
      intent={Intent.WARNING}
      loading={isLoading}
      onClick={() => void run()}
      text={m.runMigration}
    />
  );
}
