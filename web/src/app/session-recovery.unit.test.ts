import { describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '@bari/contracts';
import type { ApiRequest, ApiResult } from './http-client.ts';
import {
  createSessionRecovery,
  isSameUser,
  lostSessionReaction,
  sendRecoveringSession,
  type RecoveryStatus,
} from './session-recovery.ts';

const LOST = { status: 401, message: '401: {"code":"UNAUTHENTICATED","message":"Unauthorized"}' } as const;
const REFUSED_KEY = {
  status: 401,
  message: '401: {"message":"Email ou chave de acesso inválidos"}',
} as const;
const SAVE: ApiRequest = { url: '/api/patients/1', method: 'PATCH', body: { name: 'Ana' } };
const READ: ApiRequest = { url: '/api/patients?search=39053344705' };

describe('lostSessionReaction', () => {
  const reaction = (
    request: ApiRequest,
    recovery: RecoveryStatus,
    { unsavedWork = false, error = LOST as { message: string; code?: ErrorCode } } = {},
  ) => lostSessionReaction(request, error, { recovery, unsavedWork });

  it("asks to sign in again when a form's save loses the session: its body is what was typed", () => {
    expect(reaction(SAVE, 'idle', { unsavedWork: true })).toBe('sign-in-again');
    expect(reaction({ ...SAVE, method: 'POST' }, 'idle', { unsavedWork: true })).toBe('sign-in-again');
  });

  it("redirects as today for a button's write with no form at stake: never sent again unseen", () => {
    expect(reaction({ ...SAVE, method: 'DELETE' }, 'idle')).toBe('redirect');
    expect(reaction({ url: '/api/admin/run-migration', method: 'POST' }, 'idle')).toBe('redirect');
  });

  it('knows a lost session by its code too, but not an administrator refused by another one', () => {
    const ended = { message: '401: {"message":"Sessão encerrada"}', code: 'UNAUTHENTICATED' } as const;
    expect(reaction(SAVE, 'idle', { unsavedWork: true, error: ended })).toBe('sign-in-again');
    const revoked = {
      message: '401: {"message":"Sua sessão foi encerrada"}',
      code: 'ADMINISTRATION_REVOKED',
    } as const;
    expect(reaction(SAVE, 'idle', { unsavedWork: true, error: revoked })).toBe('return');
  });

  it('keeps the redirect for a read, unless a form holds changes or the dialog is open already', () => {
    expect(reaction(READ, 'idle')).toBe('redirect');
    expect(reaction(READ, 'idle', { unsavedWork: true })).toBe('sign-in-again');
    expect(reaction(READ, 'signing-in')).toBe('sign-in-again');
  });

  it('redirects as today where no dialog can be shown (outside the signed-in layout)', () => {
    expect(reaction(SAVE, 'unavailable', { unsavedWork: true })).toBe('redirect');
  });

  it('leaves the error as it is once the page is leaving, for another error, or for a refused login', () => {
    expect(reaction(SAVE, 'leaving')).toBe('return');
    expect(reaction(SAVE, 'idle', { error: { message: '409: {"code":"STALE_PATIENT"}' } })).toBe('return');
    expect(reaction(SAVE, 'idle', { error: REFUSED_KEY })).toBe('return');
    expect(reaction({ ...SAVE, on401: 'refusal' }, 'signing-in')).toBe('return');
  });
});

describe('createSessionRecovery', () => {
  it('is unavailable until a dialog host attaches, and again once it detaches', () => {
    const recovery = createSessionRecovery();
    expect(recovery.status()).toBe('unavailable');
    const detach = recovery.attach();
    expect(recovery.status()).toBe('idle');
    detach();
    expect(recovery.status()).toBe('unavailable');
  });

  it('given several calls that lost the session, opens one dialog and sends them all on the same sign-in', async () => {
    const recovery = createSessionRecovery();
    recovery.attach();
    const changes = vi.fn();
    recovery.subscribe(changes);

    const first = recovery.signInAgain();
    const second = recovery.signInAgain();
    expect(recovery.status()).toBe('signing-in');
    expect(changes).toHaveBeenCalledOnce();

    recovery.signedInAgain();
    await expect(Promise.all([first, second])).resolves.toEqual(['same-user', 'same-user']);
    expect(recovery.status()).toBe('idle');
  });

  it('given the user leaves (or someone else signs in), ends every wait and stays leaving', async () => {
    const recovery = createSessionRecovery();
    recovery.attach();
    const waiting = recovery.signInAgain();

    recovery.leave();

    await expect(waiting).resolves.toBe('abandoned');
    expect(recovery.status()).toBe('leaving');
    await expect(recovery.signInAgain()).resolves.toBe('abandoned');
  });

  it('given the host goes away while the dialog is open, ends the waits rather than leave them hanging', async () => {
    const recovery = createSessionRecovery();
    const detach = recovery.attach();
    const waiting = recovery.signInAgain();

    detach();

    await expect(waiting).resolves.toBe('abandoned');
    await expect(recovery.signInAgain()).resolves.toBe('abandoned');
  });

  it('ignores a sign-in nobody was waiting for', () => {
    const recovery = createSessionRecovery();
    recovery.attach();
    recovery.signedInAgain();
    expect(recovery.status()).toBe('idle');
  });
});

describe('sendRecoveringSession', () => {
  function setUp(answers: ApiResult[], { unsavedWork = false } = {}) {
    const recovery = createSessionRecovery();
    recovery.attach();
    const send = vi.fn(() => Promise.resolve(answers.shift() ?? { data: 'no more answers' }));
    const redirect = vi.fn();
    const call = (request: ApiRequest) =>
      sendRecoveringSession(request, send, { recovery, unsavedWork: () => unsavedWork, redirect });
    /** Resolves once the dialog is open (the call is waiting on it). */
    const dialogOpen = () => vi.waitFor(() => expect(recovery.status()).toBe('signing-in'));
    return { recovery, send, redirect, call, dialogOpen };
  }

  it('given a save that lost the session, when the same user signs in, sends it once more and answers that', async () => {
    const { recovery, send, redirect, call, dialogOpen } = setUp([{ error: LOST }, { data: { id: '1' } }], {
      unsavedWork: true,
    });

    const saving = call(SAVE);
    await dialogOpen();
    expect(send).toHaveBeenCalledOnce();
    recovery.signedInAgain();

    await expect(saving).resolves.toEqual({ data: { id: '1' } });
    expect(send).toHaveBeenCalledTimes(2);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('given someone else signs in, answers the 401 without sending the save again', async () => {
    const { recovery, send, redirect, call, dialogOpen } = setUp([{ error: LOST }], { unsavedWork: true });

    const saving = call(SAVE);
    await dialogOpen();
    recovery.leave();

    await expect(saving).resolves.toEqual({ error: LOST });
    expect(send).toHaveBeenCalledOnce();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('given the session is lost again on the second try, asks again rather than leave the page', async () => {
    const { recovery, send, call, dialogOpen } = setUp([{ error: LOST }, { error: LOST }, { data: null }], {
      unsavedWork: true,
    });

    const saving = call(SAVE);
    await dialogOpen();
    recovery.signedInAgain();
    await dialogOpen();
    expect(send).toHaveBeenCalledTimes(2);
    recovery.signedInAgain();

    await expect(saving).resolves.toEqual({ data: null });
  });

  it('given a call that lost the session before the user signed in again meanwhile, sends it again without asking', async () => {
    const { recovery, send, call, dialogOpen } = setUp([{ error: LOST }], { unsavedWork: true });
    const first = call(SAVE);
    await dialogOpen();
    // A second call, sent with the old session while the dialog is open, answers after the sign-in.
    let answerLate: (result: ApiResult) => void = () => undefined;
    send.mockImplementationOnce(() => new Promise<ApiResult>((resolve) => (answerLate = resolve)));
    const late = call(READ);
    recovery.signedInAgain();
    await expect(first).resolves.toEqual({ data: 'no more answers' });
    answerLate({ error: LOST });

    await expect(late).resolves.toEqual({ data: 'no more answers' });
    expect(recovery.status()).toBe('idle');
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('given a read with nothing typed, redirects as today and answers the 401', async () => {
    const { recovery, send, redirect, call } = setUp([{ error: LOST }]);

    await expect(call(READ)).resolves.toEqual({ error: LOST });
    expect(redirect).toHaveBeenCalledWith(LOST);
    expect(send).toHaveBeenCalledOnce();
    expect(recovery.status()).toBe('idle');
  });

  it('given a read while a form holds changes, waits for the sign-in instead', async () => {
    const { recovery, redirect, call, dialogOpen } = setUp([{ error: LOST }, { data: [] }], {
      unsavedWork: true,
    });

    const reading = call(READ);
    await dialogOpen();
    recovery.signedInAgain();

    await expect(reading).resolves.toEqual({ data: [] });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('passes any other answer through untouched', async () => {
    const conflict = { error: { status: 409, message: '409: {}' } } as const;
    const { send, redirect, call } = setUp([conflict]);

    await expect(call(SAVE)).resolves.toBe(conflict);
    expect(send).toHaveBeenCalledOnce();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('isSameUser', () => {
  it('is the same user only when both ids are known and equal', () => {
    expect(isSameUser({ id: 'u1' }, { id: 'u1' })).toBe(true);
    expect(isSameUser({ id: 'u1' }, { id: 'u2' })).toBe(false);
    expect(isSameUser(undefined, { id: 'u1' })).toBe(false);
    expect(isSameUser(null, { id: 'u1' })).toBe(false);
    expect(isSameUser({ id: 'u1' }, {})).toBe(false);
    expect(isSameUser({ id: 'u1' }, null)).toBe(false);
  });
});
