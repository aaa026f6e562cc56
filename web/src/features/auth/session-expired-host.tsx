import { useEffect, useSyncExternalStore } from 'react';
import { sessionRecovery } from '../../app/session-recovery.ts';
import { SessionExpiredDialog } from './session-expired-dialog.tsx';

/**
 * Where the 'Sessão encerrada' dialog appears, in the signed-in layout: while it is mounted, a
 * lost session with typed work at stake asks to sign in again instead of leaving for /login.
 */
export function SessionExpiredHost() {
  useEffect(() => sessionRecovery.attach(), []);
  const status = useSyncExternalStore(sessionRecovery.subscribe, sessionRecovery.status);
  // Kept while the page leaves, so what was typed stays covered until it is gone.
  return status === 'signing-in' || status === 'leaving' ? <SessionExpiredDialog /> : null;
}
