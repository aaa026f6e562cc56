import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { initializationMessages as m } from './messages.ts';

/** 'Ir para Login' (§2 Initialization). */
export function GoToLoginButton({ primary = true }: { primary?: boolean }) {
  const navigate = useNavigate();
  return (
    <Button
      endIcon={IconNames.ARROW_RIGHT}
      intent={primary ? Intent.PRIMARY : Intent.NONE}
      onClick={() => void navigate('/login')}
      text={m.goToLogin}
    />
  );
}
