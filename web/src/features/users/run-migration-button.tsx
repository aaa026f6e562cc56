import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmedButton } from '../../common/confirmed-button.tsx';
import { usersMessages as m } from './messages.ts';
import { useRunMigrationMutation } from '../maintenance/maintenance-api.ts';

/**
 * 'Atualizar Procedimentos' (administrators, §2 Users, §6): POST /api/admin/run-migration.
 * It writes to every patient's record, so it asks first: a stray click on a state-wide
 * service would otherwise start it.
 */
export function RunMigrationButton() {
  const [runMigration, { isLoading }] = useRunMigrationMutation();

  const run = async (): Promise<boolean> => {
    try {
      const result = await runMigration().unwrap();
      showToast({
        title: m.migrationDone,
        description: result.message,
        // Some patients could not be updated: the message says how many.
        intent: result.skipped > 0 ? Intent.WARNING : Intent.SUCCESS,
      });
      return true;
    } catch (error) {
      showFailureToast(error, {
        title: m.migrationErrorTitle,
        description: messageOrFallback(error, m.migrationFailed),
      });
      return false;
    }
  };

  return (
    <ConfirmedButton
      icon={IconNames.REFRESH}
      loading={isLoading}
      onConfirm={run}
      question={m.migrationConfirmation}
      text={m.runMigration}
    />
  );
}
