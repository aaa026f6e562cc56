import { digitsOfIdentifier, onlyDigits, weightedSum } from './digits.ts';

export const CPF_LENGTH = 11;
/** '000.000.000-00': the masked input's maximum length (§9). */
export const CPF_MASKED_LENGTH = 14;

/** Check digit over `digits` with weights `digits.length + 1` down to 2 (Receita Federal rule). */
function cpfCheckDigit(digits: string): number {
  const remainder = weightedSum(digits, digits.length + 1) % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * The Brazilian CPF rule (protocol-catalog.md): 11 digits, not all identical, DV1 with weights
 * 10..2 over the first 9 digits and DV2 with weights 11..2 over the first 10 (r = S mod 11,
 * DV = r < 2 ? 0 : 11 − r). Accepts the bare digits or the usual mask (000.000.000-00).
 */
export function isValidCpf(value: string): boolean {
  const digits = digitsOfIdentifier(value);
  if (digits === null || digits.length !== CPF_LENGTH) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return (
    cpfCheckDigit(digits.slice(0, 9)) === Number(digits[9]) &&
    cpfCheckDigit(digits.slice(0, 10)) === Number(digits[10])
  );
}

/** The 11 digits of a CPF as stored and compared ('390.533.447-05' → '39053344705'). */
export function normalizeCpf(value: string): string {
  return onlyDigits(value);
}

/**
 * Masks what has been typed so far, as the CPF input does on every keystroke: digits beyond
 * 11 are dropped and punctuation is inserted as the digits arrive ('3905334' → '390.533.4').
 */
export function maskCpf(input: string): string {
  const digits = onlyDigits(input).slice(0, CPF_LENGTH);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean).join('.');
  return digits.length > 9 ? `${parts}-${digits.slice(9)}` : parts;
}

/** A stored CPF for display: '39053344705' → '390.533.447-05'. */
export function formatCpf(value: string): string {
  return maskCpf(value);
}
