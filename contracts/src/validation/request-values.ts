import { z } from 'zod';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from './safe-text.ts';

/**
 * A UUID a request names (a patient, a user), lower-cased as every id is written: PostgreSQL's
 * `uuid` compares regardless of case, but a stream's name and a text column do not, so an
 * upper-case id would find the patient and then miss its stream (404) or filter out every row.
 * A string check, not a transform, so that inside a union its own message still wins.
 */
export const requestUuid = (message?: string) => z.string().uuid(message).toLowerCase();

/** The years an instant may have: both ISO 8601's and PostgreSQL's (year 0 is neither's). */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/** The widest offset a clock has (UTC+14:00, Kiribati; UTC−12:00 the other way). */
const MAX_OFFSET_HOURS = 14;
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * An instant a request sends (ISO 8601 with an offset), that is a real one: the shape alone lets
 * through an offset of +99:00 or +16:00 or the year 0, which `Date` or PostgreSQL (beyond
 * ±15:59) cannot represent (a 500 instead of the field's message).
 */
export const requestInstant = (message: string) =>
  z
    .string()
    .datetime({ offset: true, message })
    .refine((value) => {
      const offset = OFFSET.exec(value);
      if (offset && Number(offset[2]) * 60 + Number(offset[3]) > MAX_OFFSET_HOURS * 60) return false;
      const year = new Date(value).getUTCFullYear();
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, message);

/**
 * A list's optional search text (the patient list, the audit log): trimmed, at most 200
 * characters, without the control and invisible characters typed text may not hold (a NUL
 * reached PostgreSQL, which refuses it in text: a 500); blank is no search.
 */
export const optionalSearchText = () =>
  z
    .string()
    .trim()
    .max(200)
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE)
    .optional()
    .transform((value) => value || undefined);

const DECIMAL_DIGITS = /^\d{1,15}$/;
export const WHOLE_NUMBER_MESSAGE = 'Informe um número inteiro, só com algarismos.';

/**
 * A whole number a query string carries (a page, a version), in decimal digits only:
 * `z.coerce.number()` read '0x10' as 16, '1e2' as 100, and '' or ' ' as 0.
 */
export function queryInteger({ min, max }: { min: number; max?: number }) {
  const bounded = max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max);
  return z
    .union([z.number(), z.string().regex(DECIMAL_DIGITS, WHOLE_NUMBER_MESSAGE).transform(Number)], {
      errorMap: () => ({ message: WHOLE_NUMBER_MESSAGE }),
    })
    .pipe(bounded);
}
