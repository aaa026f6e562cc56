import { Intent } from '@blueprintjs/core';
import { isApiError } from './http-client.ts';
import { showToast, type ToastOptions } from './toaster.tsx';
import { isUnauthorizedError } from './unauthorized.ts';

/**
 * The error toast of a failed mutation (§8), destructive unless told otherwise. Nothing for a
 * lost session: the base query already showed 'Unauthorized' (the app shows one toast at a time,
 * §9, so a second toast would hide it), or the 'Sessão encerrada' dialog ended with the page
 * being left.
 */
export function showFailureToast(
  error: unknown,
  toast: ToastOptions,
  show: (toast: ToastOptions) => void = showToast,
): void {
  if (isApiError(error) && isUnauthorizedError(error)) return;
  show({ intent: Intent.DANGER, ...toast });
}
