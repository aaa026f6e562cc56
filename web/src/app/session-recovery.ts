import type { ApiError, ApiRequest, ApiResult } from './http-client.ts';
import { isUnauthorizedError } from './unauthorized.ts';

/**
 * Where the sign-in dialog stands: 'unavailable' while none is mounted (outside the signed-in
 * layout), 'signing-in' while it is shown, 'leaving' once the page is going away (someone else
 * signed in, or the user chose to leave) and no call is worth sending again.
 */
export type RecoveryStatus = 'unavailable' | 'idle' | 'signing-in' | 'leaving';

/** What the calls waiting on the dialog learn: send again, or end with their 401. */
export type SignInAgainOutcome = 'same-user' | 'abandoned';

/**
 * The 'Sessão encerrada' dialog as the base query sees it. A call that lost the session while
 * typed work is at stake waits for it; every such call waits on the same dialog.
 */
export interface SessionRecovery {
  status: () => RecoveryStatus;
  /** Registers the dialog's host; returns its detach (which abandons the calls still waiting). */
  attach(): () => void;
  /** Opens the dialog if it is not open and waits for how it ends. */
  signInAgain(): Promise<SignInAgainOutcome>;
  /** The same user signed in again: the dialog closes and every waiting call is sent again. */
  signedInAgain(): void;
  /** The page is going away (another user signed in, or the user left): the calls end as they are. */
  leave(): void;
  /** How many times the same user signed in again: a call sent before the last one lost an old session. */
  signIns(): number;
  subscribe: (listener: () => void) => () => void;
}

export function createSessionRecovery(): SessionRecovery {
  let hosts = 0;
  let status: RecoveryStatus = 'unavailable';
  let waiting: ((outcome: SignInAgainOutcome) => void)[] = [];
  let signIns = 0;
  const listeners = new Set<() => void>();

  const moveTo = (next: RecoveryStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  };
  /** Ends the wait of every call waiting on the dialog. */
  const settle = (outcome: SignInAgainOutcome) => {
    const settled = waiting;
    waiting = [];
    for (const resolve of settled) resolve(outcome);
  };

  return {
    status: () => status,
    attach() {
      hosts += 1;
      if (status === 'unavailable') moveTo('idle');
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        hosts -= 1;
        if (hosts > 0 || status === 'leaving') return;
        moveTo('unavailable');
        settle('abandoned');
      };
    },
    signInAgain() {
      if (status === 'unavailable' || status === 'leaving') return Promise.resolve('abandoned');
      const outcome = new Promise<SignInAgainOutcome>((resolve) => waiting.push(resolve));
      moveTo('signing-in');
      return outcome;
    },
    signedInAgain() {
      if (status !== 'signing-in') return;
      signIns += 1;
      moveTo('idle');
      settle('same-user');
    },
    signIns: () => signIns,
    leave() {
      moveTo('leaving');
      settle('abandoned');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What a failed call does about a lost session (a 401 saying 'Unauthorized', §8):
 * - 'sign-in-again': wait for the 'Sessão encerrada' dialog, then send it again. For any call
 *   while a form holds unsaved changes (its save, whose body is what the user typed, or a read
 *   whose redirect would throw them away), and for any call while the dialog is already open;
 * - 'redirect': today's toast and trip to the login screen (§2), when nothing typed is at stake
 *   or no dialog can be shown (outside the signed-in layout);
 * - 'return': the error as it is (not a lost session, a refused login, or a page going away).
 */
export function lostSessionReaction(
  request: Pick<ApiRequest, 'on401'>,
  error: Pick<ApiError, 'message' | 'code'>,
  context: { recovery: RecoveryStatus; unsavedWork: boolean },
): 'sign-in-again' | 'redirect' | 'return' {
  if (request.on401 === 'refusal' || !isUnauthorizedError(error)) return 'return';
  switch (context.recovery) {
    case 'leaving':
      return 'return';
    case 'signing-in':
      return 'sign-in-again';
    case 'idle':
      // Only typed work is worth a dialog: a button's write (deleting a user, deactivating a
      // key, a maintenance run) is not sent again hours later unseen; it goes as today.
      return context.unsavedWork ? 'sign-in-again' : 'redirect';
    case 'unavailable':
      return 'redirect';
    default: {
      const unknown: never = context.recovery;
      throw new Error(`unknown recovery status ${String(unknown)}`);
    }
  }
}

export interface SendRecoveringDeps {
  recovery: SessionRecovery;
  unsavedWork: () => boolean;
  /** Today's reaction to a lost session: the toast, then the login screen. */
  redirect: (error: ApiError) => void;
}

/**
 * Sends a call, and when its session was lost with typed work at stake (`lostSessionReaction`)
 * waits for the user to sign in again and sends it once more, the same request (the same
 * `Idempotency-Key`): the first one was refused before anything was written, so the second
 * cannot write twice. The form that sent it stays mounted and busy meanwhile.
 */
export async function sendRecoveringSession(
  request: ApiRequest,
  send: () => Promise<ApiResult>,
  { recovery, unsavedWork, redirect }: SendRecoveringDeps,
): Promise<ApiResult> {
  for (;;) {
    const signInsBefore = recovery.signIns();
    const result = await send();
    if (!('error' in result)) return result;
    const reaction = lostSessionReaction(request, result.error, {
      recovery: recovery.status(),
      unsavedWork: unsavedWork(),
    });
    if (reaction === 'redirect') redirect(result.error);
    if (reaction !== 'sign-in-again') return result;
    // Sent with the session lost before the user signed in again meanwhile: send it again now.
    if (recovery.signIns() !== signInsBefore) continue;
    if ((await recovery.signInAgain()) !== 'same-user') return result;
  }
}

/**
 * Who signed in through the dialog, against who had lost the session: only the same user
 * gets the work back. Unknown on either side counts as someone else (the work is discarded).
 */
export function isSameUser(
  previous: { readonly id: string } | null | undefined,
  signedIn: { readonly id?: unknown } | null | undefined,
): boolean {
  return previous?.id !== undefined && typeof signedIn?.id === 'string' && signedIn.id === previous.id;
}

/** The app's one recovery, shared by the base query and the dialog's host. */
export const sessionRecovery = createSessionRecovery();
