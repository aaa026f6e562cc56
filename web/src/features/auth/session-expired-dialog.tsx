import type { CurrentUser } from '@bari/contracts';
import { Button, ButtonVariant, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { sendRequest } from '../../app/http-client.ts';
import { HOME_PATH, LOGIN_PATH } from '../../app/route-access.ts';
import { isSameUser, sessionRecovery } from '../../app/session-recovery.ts';
import { useFocusBackToOpener } from '../../common/focus/use-focus-back-to-opener.ts';
import { useCurrentUserQuery } from './auth-api.ts';
import { LoginForm } from './login-form.tsx';
import { authMessages as m } from './messages.ts';
import './session-expired-dialog.css';

/**
 * 'Sessão encerrada': the session was lost while typed work was at stake (a save, or a form
 * with changes). The form stays where it is, under this dialog; signing in again as the same
 * user closes it and the calls that were refused are sent again. Anyone else signing in does
 * not get the work (patients' data): the page is left for the start page. Mounted only while
 * shown; nothing but signing in or leaving closes it.
 */
export function SessionExpiredDialog() {
  const { data: user } = useCurrentUserQuery();
  // Who lost the session, as the dialog opened: the sign-in refreshes the current user.
  const [previous] = useState(user);
  const [leaving, setLeaving] = useState(false);
  // Signed in again, the nurse goes on where she was typing.
  useFocusBackToOpener();

  /** The work is dropped: the waiting calls end, and `go` leaves the page (a full load). */
  const leave = (go: () => void) => {
    setLeaving(true);
    sessionRecovery.leave();
    go();
  };

  // Signed in again in another tab of this browser (the cookie is shared): seen when this tab
  // comes back to the front. Read apart from the app's cache, which says who this tab acts as.
  useEffect(() => {
    const check = () => {
      void sendRequest({ url: '/api/auth/user', on401: 'returnNull' }).then((result) => {
        if ('data' in result && isSameUser(previous, result.data as { id?: unknown } | null)) {
          sessionRecovery.signedInAgain();
        }
      });
    };
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [previous]);

  const onSignedIn = (signedIn: CurrentUser) => {
    if (isSameUser(previous, signedIn)) sessionRecovery.signedInAgain();
    // A full load: the form and every answer cached for the previous user go with the page.
    else leave(() => window.location.assign(HOME_PATH));
  };

  return (
    <Dialog
      aria-describedby="session-expired-lead session-expired-note"
      // Opaque: the patients' data behind stays unreadable while nobody is signed in.
      backdropClassName="session-expired-dialog__backdrop"
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      className="session-expired-dialog"
      icon={IconNames.LOCK}
      isCloseButtonShown={false}
      isOpen
      // Nothing closes it by itself (Escape, backdrop and × are off): signing in or leaving does.
      onClose={() => undefined}
      title={m.sessionExpiredTitle}
    >
      <DialogBody>
        <p className="session-expired-dialog__lead" id="session-expired-lead">
          {m.sessionExpiredDescription}
        </p>
        <p className={`session-expired-dialog__note ${Classes.TEXT_MUTED}`} id="session-expired-note">
          {m.sessionExpiredOtherUser}
        </p>
        <LoginForm
          busy={leaving}
          defaultEmail={previous?.email}
          idPrefix="session-expired"
          onSignedIn={onSignedIn}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            disabled={leaving}
            icon={IconNames.LOG_OUT}
            // The session is gone already: no logout call (it could end one opened in another tab).
            onClick={() => leave(() => window.location.assign(LOGIN_PATH))}
            text={m.leaveWithoutSaving}
            variant={ButtonVariant.MINIMAL}
          />
        }
      />
    </Dialog>
  );
}
