import { isApiError, serverMessage } from '../../app/http-client.ts';
import { authMessages } from './messages.ts';

/**
 * What the login alert says (§8): the server's `message` field when the server refused,
 * 'Erro no login' when it refused without one, and for anything else (network failure,
 * unreadable answer) the error's own message or 'Erro inesperado no login'.
 */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (typeof error.status === 'number') return serverMessage(error) ?? authMessages.loginFailed;
    return error.message || authMessages.unexpectedLoginError;
  }
  if (error instanceof Error && error.message) return error.message;
  return authMessages.unexpectedLoginError;
}
