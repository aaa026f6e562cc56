export const AIH_LENGTH = 13;

/**
 * The AIH (Autorização de Internação Hospitalar) number's shape: 13 digits (UF, year, type
 * digit, 7-digit sequence, check digit). A wrong length or a non-digit is refused.
 */
export function isAihNumberFormat(value: string): boolean {
  return /^\d{13}$/.test(value.trim());
}

/** The check digit of the first 12 digits read as an integer: n mod 11, 10 → 0. */
export function aihCheckDigit(first12: string): number {
  // At most 999 999 999 999: well inside Number's exact integer range.
  const digit = Number(first12) % 11;
  return digit === 10 ? 0 : digit;
}

/**
 * Whether a well-formed AIH number's last digit matches. A mismatch is only a warning in the
 * form (`aihCheckDigitWarning`), never a refusal: hospitals issue numbers we cannot correct.
 */
export function hasValidAihCheckDigit(value: string): boolean {
  const aih = value.trim();
  if (!isAihNumberFormat(aih)) return false;
  return aihCheckDigit(aih.slice(0, 12)) === Number(aih[12]);
}

export const AIH_CHECK_DIGIT_WARNING = 'O dígito verificador do número AIH não confere. Confira o número.';

/** The form's warning for a well-formed AIH number whose check digit does not match, else null. */
export function aihCheckDigitWarning(value: string | null | undefined): string | null {
  if (!value || !isAihNumberFormat(value)) return null;
  return hasValidAihCheckDigit(value) ? null : AIH_CHECK_DIGIT_WARNING;
}
