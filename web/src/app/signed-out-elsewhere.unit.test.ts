import { describe, expect, it, vi } from 'vitest';
import type { RecoveryStatus } from './session-recovery.ts';
import {
  createSignOutChannel,
  followSignOutsElsewhere,
  signedOutElsewhereReaction,
  type MessagePort,
} from './signed-out-elsewhere.ts';

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BIA = 'b0000000-0000-4000-8000-000000000002';

/** Two tabs' channels: what one posts, the other hears (never itself, like `BroadcastChannel`). */
function tabPair(): [MessagePort, MessagePort] {
  const listeners = [
    new Set<(event: { data: unknown }) => void>(),
    new Set<(event: { data: unknown }) => void>(),
  ];
  const port = (own: number): MessagePort => ({
    postMessage: (data) => listeners[1 - own]!.forEach((listener) => listener({ data })),
    addEventListener: (_type, listener) => listeners[own]!.add(listener),
    removeEventListener: (_type, listener) => listeners[own]!.delete(listener),
  });
  return [port(0), port(1)];
}

describe('signedOutElsewhereReaction', () => {
  const reaction = (tabUserId: string | null | undefined, recovery: RecoveryStatus, unsavedWork = false) =>
    signedOutElsewhereReaction(ANA, { tabUserId, recovery, unsavedWork });

  it("leaves for the login screen when the tab shows the signed-out user's pages", () => {
    expect(reaction(ANA, 'idle')).toBe('leave');
    // Outside the signed-in layout (no dialog can be shown): leaves too.
    expect(reaction(ANA, 'unavailable', true)).toBe('leave');
  });

  it('asks to sign in again over a form holding unsaved changes', () => {
    expect(reaction(ANA, 'idle', true)).toBe('sign-in-again');
  });

  it("ignores another user's sign-out, and a tab that knows nobody or does not know yet", () => {
    expect(reaction(BIA, 'idle')).toBe('ignore');
    expect(reaction(null, 'idle')).toBe('ignore');
    expect(reaction(undefined, 'idle')).toBe('ignore');
  });

  it('changes nothing while the dialog is open or the page is leaving', () => {
    expect(reaction(ANA, 'signing-in', true)).toBe('ignore');
    expect(reaction(ANA, 'leaving')).toBe('ignore');
  });
});

describe('followSignOutsElsewhere', () => {
  function given(context: { tabUserId: string | null; recovery: RecoveryStatus; unsavedWork: boolean }) {
    const [here, there] = tabPair();
    const recovery = {
      status: () => context.recovery,
      signInAgain: vi.fn(() => Promise.resolve('same-user' as const)),
      leave: vi.fn(),
    };
    const goToLogin = vi.fn();
    const stop = followSignOutsElsewhere({
      channel: createSignOutChannel(here),
      tabUserId: () => context.tabUserId,
      recovery,
      unsavedWork: () => context.unsavedWork,
      goToLogin,
    });
    return { otherTab: createSignOutChannel(there), otherPort: there, recovery, goToLogin, stop };
  }

  it('goes to the login screen when another tab signs the same user out', () => {
    const { otherTab, recovery, goToLogin } = given({ tabUserId: ANA, recovery: 'idle', unsavedWork: false });

    otherTab.announce(ANA);

    expect(recovery.leave).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(recovery.signInAgain).not.toHaveBeenCalled();
  });

  it("opens 'Sessão encerrada' over unsaved work instead", () => {
    const { otherTab, recovery, goToLogin } = given({ tabUserId: ANA, recovery: 'idle', unsavedWork: true });

    otherTab.announce(ANA);

    expect(recovery.signInAgain).toHaveBeenCalledOnce();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it("does nothing for another user's sign-out, a foreign message, or once stopped", () => {
    const { otherTab, otherPort, recovery, goToLogin, stop } = given({
      tabUserId: ANA,
      recovery: 'idle',
      unsavedWork: false,
    });

    otherTab.announce(BIA);
    otherPort.postMessage({ type: 'signed-out', userId: 42 });
    otherPort.postMessage({ type: 'signed-in', userId: ANA });
    otherPort.postMessage(ANA);
    stop();
    otherTab.announce(ANA);

    expect(goToLogin).not.toHaveBeenCalled();
    expect(recovery.leave).not.toHaveBeenCalled();
  });

  it('never hears its own announcement', () => {
    const [here] = tabPair();
    const channel = createSignOutChannel(here);
    const heard = vi.fn();
    channel.listen(heard);

    channel.announce(ANA);

    expect(heard).not.toHaveBeenCalled();
  });

  it('works without a channel (a browser without BroadcastChannel)', () => {
    const channel = createSignOutChannel(undefined);
    expect(() => channel.announce(ANA)).not.toThrow();
    expect(channel.listen(() => undefined)).toBeTypeOf('function');
  });
});
