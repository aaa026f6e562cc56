import type { AccessKeyListItem } from '@bari/contracts';
import { format, formatISO, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

export type AccessKeyStatus = 'active' | 'inactive' | 'expired';

/** §4: deactivation is final; an active key whose expiry has passed shows as expired. */
export function accessKeyStatus(
  key: Pick<AccessKeyListItem, 'isActive' | 'expiresAt'>,
  now: Date,
): AccessKeyStatus {
  if (!key.isActive) return 'inactive';
  if (key.expiresAt && parseISO(key.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * Whom a key belongs to, as the card shows it: the bound user's email; a removed user when the
 * key is bound (it was used, or issued for someone) but that user no longer exists; else an
 * unused invitation.
 */
export type AccessKeyHolder =
  | { readonly kind: 'user'; readonly email: string }
  | { readonly kind: 'removed_user' }
  | { readonly kind: 'invitation' };

export function accessKeyHolder(key: Pick<AccessKeyListItem, 'userId' | 'userEmail'>): AccessKeyHolder {
  if (key.userEmail) return { kind: 'user', email: key.userEmail };
  return key.userId ? { kind: 'removed_user' } : { kind: 'invitation' };
}

/** A date and time in pt-BR (dd/MM/yyyy HH:mm, local time). */
export function formatKeyDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : iso;
}

/** 'abcd1234…': only the stored first 8 characters, never more (§9). */
export function maskedKey(prefix: string): string {
  return `${prefix.slice(0, 8)}…`;
}

/**
 * A `datetime-local` value ('2025-12-31T23:59', the browser's local time) as the ISO instant
 * with offset the contract asks for; '' stays '' (no expiry).
 */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? formatISO(date) : value;
}

/** The reverse, to show an ISO instant in a `datetime-local` input. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}
