import { digitsOfIdentifier, weightedSum } from './digits.ts';

export const CNS_LENGTH = 15;
/** The CNS field accepts at most 15 characters (§3, §9), spaces, dots, hyphens and slashes aside. */
export const CNS_MAX_LENGTH = 15;
/** Room in the input for the number as printed on the card: 15 digits in groups ('7000 0055 5012 349'). */
export const CNS_INPUT_MAX_LENGTH = 20;

/**
 * Drops the spaces, dots, hyphens and slashes a CNS is printed or typed with: '7000 0055 5012 349' →
 * '700000555012349' (with hyphens the number was refused as longer than 15 characters).
 */
export function withoutCnsSeparators(value: string): string {
  return value.replace(/[\s./-]/g, '');
}

/**
 * Definitive card (first digit 1 or 2): the last digits are rebuilt from the first 11
 * (weights 15..5; dv = 11 − S mod 11, 11 → 0; when dv = 10, S += 2, recompute, suffix '001'
 * instead of '000') and must match.
 */
function isValidDefinitiveCns(digits: string): boolean {
  const base = digits.slice(0, 11);
  let sum = weightedSum(base, 15);
  let dv = 11 - (sum % 11);
  if (dv === 11) dv = 0;
  if (dv === 10) {
    sum += 2;
    dv = 11 - (sum % 11);
    return digits === `${base}001${dv}`;
  }
  return digits === `${base}000${dv}`;
}

/** Provisional card (first digit 7, 8 or 9): Σ all 15 digits × weights 15..1 ≡ 0 (mod 11). */
function isValidProvisionalCns(digits: string): boolean {
  return weightedSum(digits, 15) % 11 === 0;
}

/**
 * The CNS (Cartão Nacional de Saúde) rule of protocol-catalog.md: 15 digits, definitive
 * numbers start with 1 or 2, provisional ones with 7, 8 or 9; any other first digit is invalid.
 */
export function isValidCns(value: string): boolean {
  const digits = digitsOfIdentifier(value);
  if (digits === null || digits.length !== CNS_LENGTH) return false;
  const first = digits[0];
  if (first === '1' || first === '2') return isValidDefinitiveCns(digits);
  if (first === '7' || first === '8' || first === '9') return isValidProvisionalCns(digits);
  return false;
}
