import { describe, expect, it, vi } from 'vitest';
import { createUnauthorizedHandler, isUnauthorizedError } from './unauthorized.ts';

describe('isUnauthorizedError', () => {
  it('matches an error beginning "401: " that mentions Unauthorized', () => {
    expect(isUnauthorizedError({ message: '401: {"message":"Unauthorized"}' })).toBe(true);
    expect(isUnauthorizedError({ message: '401: Unauthorized' })).toBe(true);
    // By its code, whatever the message says.
    expect(
      isUnauthorizedError({ message: '401: {"message":"Sessão encerrada"}', code: 'UNAUTHENTICATED' }),
    ).toBe(true);
    expect(
      isUnauthorizedError({
        message: '401: {"message":"Email ou chave de acesso inválidos"}',
        code: 'INVALID_CREDENTIALS',
      }),
    ).toBe(false);
  });

  it('ignores other 401s and other statuses', () => {
    expect(isUnauthorizedError({ message: '401: {"message":"Email ou chave de acesso inválidos"}' })).toBe(
      false,
    );
    expect(isUnauthorizedError({ message: '403: Unauthorized' })).toBe(false);
    expect(isUnauthorizedError({ message: 'Unauthorized 401: ' })).toBe(false);
  });
});

describe('createUnauthorizedHandler', () => {
  function setUp() {
    const notify = vi.fn();
    const redirect = vi.fn();
    const scheduled: { callback: () => void; delayMs: number }[] = [];
    const handle = createUnauthorizedHandler({
      notify,
      redirect,
      schedule: (callback, delayMs) => scheduled.push({ callback, delayMs }),
    });
    return { notify, redirect, scheduled, handle };
  }

  it('given a lost session, toasts, then goes to /api/login after 500 ms', () => {
    const { notify, redirect, scheduled, handle } = setUp();

    const handled = handle({ status: 401, message: '401: {"message":"Unauthorized"}' });

    expect(handled).toBe(true);
    expect(notify).toHaveBeenCalledOnce();
    expect(redirect).not.toHaveBeenCalled();
    expect(scheduled.map(({ delayMs }) => delayMs)).toEqual([500]);
    scheduled[0]?.callback();
    expect(redirect).toHaveBeenCalledWith('/api/login');
  });

  it('given several failing calls, toasts and redirects once', () => {
    const { notify, scheduled, handle } = setUp();

    handle({ status: 401, message: '401: Unauthorized' });
    handle({ status: 401, message: '401: Unauthorized' });

    expect(notify).toHaveBeenCalledOnce();
    expect(scheduled).toHaveLength(1);
  });

  it('given any other error, does nothing', () => {
    const { notify, scheduled, handle } = setUp();

    const handled = handle({ status: 500, message: '500: Internal Server Error' });

    expect(handled).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(0);
  });
});
