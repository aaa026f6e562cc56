import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { usersMessages as m } from './messages.ts';
import { useLazyDebugUserQuery } from '../maintenance/maintenance-api.ts';

/** 'Debug Admin': what the server thinks of the signed-in user, in a toast (§2 Users). */
export function DebugAdminButton() {
  const [fetchDebugInfo, { isFetching }] = useLazyDebugUserQuery();

  const run = async () => {
    try {
      // Always ask again: the answer is about this moment's session.
      const info = await fetchDebugInfo(undefined, false).unwrap();
      showToast({
        title: m.debugTitle,
        description: m.debugDescription(info.canAccessAdminFeatures, info.environment),
        intent: Intent.PRIMARY,
      });
    } catch (error) {
      showFailureToast(error, {
        title: m.debugErrorTitle,
        description: messageOrFallback(error, m.debugFailed),
      });
    }
  };

  return <Button icon={IconNames.CODE} loading={isFetching} onClick={() => void run()} text={m.debugAdmin} />;
}
