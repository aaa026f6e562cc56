export const SISREG_MIN_LENGTH = 6;
export const SISREG_MAX_LENGTH = 12;

/** A SISREG (regulation system) request code: digits only, 6 to 12 of them. */
export function isValidSisregCode(value: string): boolean {
  return /^\d{6,12}$/.test(value.trim());
}
