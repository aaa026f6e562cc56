import { useCallback } from 'react';
import { signOutChannel } from '../../app/signed-out-elsewhere.ts';
import { tabUser } from '../../app/tab-user.ts';
import { useLogoutMutation } from './auth-api.ts';

/** Where the browser goes after logging out, whether the call worked or not (§4). */
export const AFTER_LOGOUT_URL = '/login';

/**
 * Logging out (§4, §8): POST /api/auth/logout, then a full navigation to /login whatever
 * happened, which also drops every cached answer of the previous session. A failure is only
 * logged. The browser's other tabs are told (`signed-out-elsewhere.ts`).
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const [logoutCall, { isLoading }] = useLogoutMutation();
  const logout = useCallback(async () => {
    try {
      const userId = tabUser.get();
      await logoutCall().unwrap();
      // The browser's other tabs shared the session: they stop showing this user's patients.
      if (typeof userId === 'string') signOutChannel.announce(userId);
    } catch (error) {
      console.warn('Logout failed', error);
    } finally {
      window.location.assign(AFTER_LOGOUT_URL);
    }
  }, [logoutCall]);
  // The page stays on screen until the browser leaves: keep the button busy meanwhile.
  return { logout, isLoggingOut: isLoading };
}
