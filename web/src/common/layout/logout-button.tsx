import { Button, ButtonVariant } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useLogout } from '../../features/auth/use-logout.ts';
import { commonMessages } from '../messages.ts';

/** The page header's logout (§2, §4): to /login whether the call worked or not. */
export function LogoutButton() {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Button
      icon={IconNames.LOG_OUT}
      loading={isLoggingOut}
      onClick={() => void logout()}
      text={commonMessages.logout}
      variant={ButtonVariant.OUTLINED}
    />
  );
}
