import { isClinicalDate } from '@bari/contracts';
import { hasCode, isApiError, serverMessage } from '../../app/http-client.ts';
import { isoToDisplay } from '../../common/date/date-text.ts';
import { patientsMessages } from './messages.ts';

/**
 * A clinical date (`yyyy-MM-dd`) as the app shows every date, '15/03/2025' (the date fields'
 * own format; no date-fns locale in the first load); '' when absent.
 */
export function formatDate(date: string | null | undefined): string {
  if (!date || !isClinicalDate(date)) return date ?? '';
  return isoToDisplay(date);
}

/** §2: the CNS, or 'Não informado' when the patient has none. */
export function cnsOrNotInformed(cns: string | null | undefined): string {
  return cns || patientsMessages.notInformed;
}

/**
 * Answers whose `message` tells the user why their request was refused (invalid data, a
 * forbidden action, a stale version, a duplicate, a broken rule, a missing precondition).
 */
const REASONED_STATUSES: readonly number[] = [400, 403, 409, 422, 428];

/**
 * The toast text of a failed mutation: the server's own words when it refused the request for
 * a reason the user must know (e.g. a stale version, a duplicate CPF, a future date), the spec's
 * message (§8) for a network failure or a server error.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.status === 'number' && REASONED_STATUSES.includes(error.status)) {
    return fieldReasons(error.data) ?? serverMessage(error) ?? fallback;
  }
  // A patient a colleague deleted meanwhile (404): said deleted, when, by whom and why, not
  // 'Tente novamente', which could never succeed.
  if (isApiError(error) && hasCode(error, 'PATIENT_DELETED')) return serverMessage(error) ?? fallback;
  return fallback;
}

/**
 * The field messages of a refused request (`errors` of a 400 VALIDATION), each once: what is
 * wrong, where no form shows it under a field (a date changed in the timeline said only 'Dados
 * inválidos. Verifique os campos destacados.', with nothing highlighted).
 */
function fieldReasons(data: unknown): string | undefined {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const messages = new Set(
    Object.values(errors).filter((message): message is string => typeof message === 'string'),
  );
  if (messages.size <= 1) return [...messages][0];
  // Several, each a sentence of its own: 'Já existe um paciente com este CPF' has no full stop.
  const sentence = (message: string) => (/[.!?…]$/.test(message) ? message : `${message}.`);
  return [...messages].map(sentence).join(' ');
}
