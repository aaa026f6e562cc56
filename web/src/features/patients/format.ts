import { isClinicalDate } from '@bari/contracts';
import { format, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { isApiError, serverMessage } from '../../app/http-client.ts';
import { patientsMessages } from './messages.ts';

/** A clinical date (`yyyy-MM-dd`) in the pt-BR short format, '15/03/2025'; '' when absent. */
export function formatDate(date: string | null | undefined): string {
  if (!date || !isClinicalDate(date)) return date ?? '';
  return format(parseISO(date), 'P', { locale: ptBR });
}

/** §2: the CNS, or 'Não informado' when the patient has none. */
export function cnsOrNotInformed(cns: string | null | undefined): string {
  return cns || patientsMessages.notInformed;
}

/**
 * The toast text of a failed mutation: the server's own words for a conflict (a stale version,
 * a duplicate CPF or procedure: the user must know what happened), the spec's message otherwise.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 409) return serverMessage(error) ?? fallback;
  return fallback;
}

/** The error status of a failed query, when the server answered. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}
