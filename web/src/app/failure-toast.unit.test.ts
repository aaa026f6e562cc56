import { Intent } from '@blueprintjs/core';
import { describe, expect, it, vi } from 'vitest';
import { showFailureToast } from './failure-toast.ts';

describe('showFailureToast', () => {
  const toast = { title: 'Erro', description: 'Não foi possível atualizar o procedimento.' };

  it('given the session ended, leaves the Unauthorized toast alone', () => {
    const show = vi.fn();
    showFailureToast({ status: 401, message: '401: {"message":"Unauthorized"}' }, toast, show);
    expect(show).not.toHaveBeenCalled();
  });

  it('given any other failure, shows a destructive toast', () => {
    const show = vi.fn();
    showFailureToast({ status: 500, message: '500: Internal Server Error' }, toast, show);
    showFailureToast({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, toast, show);
    showFailureToast({ status: 401, message: '401: Invalid credentials' }, toast, show);
    showFailureToast(new Error('boom'), toast, show);
    expect(show).toHaveBeenCalledTimes(4);
    expect(show).toHaveBeenCalledWith({ ...toast, intent: Intent.DANGER });
  });

  it('keeps an intent given by the caller', () => {
    const show = vi.fn();
    showFailureToast(new Error('boom'), { ...toast, intent: Intent.WARNING }, show);
    expect(show).toHaveBeenCalledWith({ ...toast, intent: Intent.WARNING });
  });
});
