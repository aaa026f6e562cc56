import type { RecoveryStatus, SessionRecovery } from './session-recovery.ts';

/**
 * A sign-out in one tab ends the session every tab of the browser shares (one cookie), but the
 * other tabs kept showing patients' data until their next call. The tab that signs out tells
 * the others; a tab signed in as that user then covers its page: with the 'Sessão encerrada'
 * dialog when a form holds unsaved changes (the nurse may sign in again and keep them), else
 * it leaves for the login screen.
 */
export type SignedOutElsewhereReaction = 'ignore' | 'sign-in-again' | 'leave';

export function signedOutElsewhereReaction(
  signedOutUserId: string,
  context: { tabUserId: string | null | undefined; recovery: RecoveryStatus; unsavedWork: boolean },
): SignedOutElsewhereReaction {
  // Another user's tab (or one that knows nobody) has nothing of theirs on screen.
  if (context.tabUserId !== signedOutUserId) return 'ignore';
  switch (context.recovery) {
    case 'signing-in':
    case 'leaving':
      return 'ignore';
    case 'idle':
      return context.unsavedWork ? 'sign-in-again' : 'leave';
    case 'unavailable':
      return 'leave';
    default: {
      const unknown: never = context.recovery;
      throw new Error(`unknown recovery status ${String(unknown)}`);
    }
  }
}

/** The message one tab sends the others; anything else on the channel is ignored. */
interface SignedOutMessage {
  type: 'signed-out';
  userId: string;
}

function isSignedOutMessage(data: unknown): data is SignedOutMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, userId } = data as Record<string, unknown>;
  return type === 'signed-out' && typeof userId === 'string';
}

/** What this module needs of a `BroadcastChannel` (a test passes a pair of fakes). */
export interface MessagePort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface SignOutChannel {
  /** Tells the browser's other tabs that this user signed out. */
  announce(userId: string): void;
  /** Calls `listener` with the user another tab signed out; returns the unsubscribe. */
  listen(listener: (userId: string) => void): () => void;
}

export function createSignOutChannel(port: MessagePort | undefined): SignOutChannel {
  return {
    announce(userId) {
      port?.postMessage({ type: 'signed-out', userId } satisfies SignedOutMessage);
    },
    listen(listener) {
      if (!port) return () => undefined;
      const onMessage = ({ data }: { data: unknown }) => {
        if (isSignedOutMessage(data)) listener(data.userId);
      };
      port.addEventListener('message', onMessage);
      return () => port.removeEventListener('message', onMessage);
    },
  };
}

/** One channel per tab: a `BroadcastChannel` does not hear its own messages, only other tabs'. */
export const signOutChannel = createSignOutChannel(
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('bari-care-sign-out'),
);

export interface FollowSignOutsDeps {
  channel: SignOutChannel;
  /** Who this tab is signed in as (`tab-user.ts`). */
  tabUserId: () => string | null | undefined;
  recovery: Pick<SessionRecovery, 'status' | 'signInAgain' | 'leave'>;
  unsavedWork: () => boolean;
  /** A full load of the login screen: every answer cached for the user goes with the page. */
  goToLogin: () => void;
}

/** Reacts to the sign-outs of the browser's other tabs; returns the unsubscribe. */
export function followSignOutsElsewhere({
  channel,
  tabUserId,
  recovery,
  unsavedWork,
  goToLogin,
}: FollowSignOutsDeps): () => void {
  return channel.listen((userId) => {
    const reaction = signedOutElsewhereReaction(userId, {
      tabUserId: tabUserId(),
      recovery: recovery.status(),
      unsavedWork: unsavedWork(),
    });
    if (reaction === 'sign-in-again') void recovery.signInAgain();
    if (reaction === 'leave') {
      recovery.leave();
      goToLogin();
    }
  });
}
