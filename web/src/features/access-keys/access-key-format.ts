import {
  clinicDateTimeParts,
  clinicInstant,
  clinicToday,
  formatClinicMinute,
  type AccessKeyListItem,
} from '@bari/contracts';
import { isValid, parseISO } from 'date-fns';
import { isIsoDate } from '../../common/date/date-text.ts';

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

/**
 * A date and time in pt-BR (dd/MM/yyyy HH:mm) as São Paulo reads it, as the expiry is typed:
 * the same on every computer, whatever its own time zone.
 */
export function formatKeyDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? formatClinicMinute(date) : iso;
}

/** 'abcd1234…': only the stored first 8 characters, never more (§9). */
export function maskedKey(prefix: string): string {
  return `${prefix.slice(0, 8)}…`;
}

const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** With a day and no time, a key lasts to the end of that day. */
export const DEFAULT_EXPIRY_TIME = '23:59';

/** Shapes typed digits into HH:mm ('2359' → '23:59'). */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * The expiry the form holds, from the day (`yyyy-MM-dd` or what is being typed) and the time
 * (HH:mm, São Paulo's: the service's clock, not the computer's): the ISO instant the contract
 * asks for; '' when both are empty; otherwise the text as typed, which the contract refuses as
 * 'Data de expiração inválida'.
 */
export function expiryFromParts(day: string, time: string): string {
  if (!day && !time) return '';
  const hhmm = time || DEFAULT_EXPIRY_TIME;
  if (!isIsoDate(day) || !TIME_SHAPE.test(hhmm)) return `${day} ${time}`.trim();
  return clinicInstant(day, hhmm).toISOString();
}

/** Today's date (`yyyy-MM-dd`) in São Paulo, as the expiry's day is typed (not UTC's, a day ahead in the evening). */
export const localToday = (now: Date): string => clinicToday(now);

/** The day (`yyyy-MM-dd`) and time (HH:mm) of an ISO instant, as São Paulo reads it; empty when none. */
export function expiryParts(iso: string | null | undefined): { day: string; time: string } {
  const date = iso ? parseISO(iso) : undefined;
  if (!date || !isValid(date)) return { day: '', time: '' };
  const { date: day, time } = clinicDateTimeParts(date);
  return { day, time: time.slice(0, 5) };
}

/** Whether an expiry the form holds is a whole instant already past. */
export function isPastExpiry(value: string | null | undefined, now: Date): boolean {
  if (!value) return false;
  const date = parseISO(value);
  return value.includes('T') && isValid(date) && date.getTime() <= now.getTime();
}
