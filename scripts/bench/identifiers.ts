import { isValidCns, weightedSum } from '@bari/contracts';

/*
 * Valid Brazilian identifiers for synthetic patients, built with the same check-digit rules
 * the API enforces (contracts/src/identifiers): the server refuses anything else.
 */

const CPF_SPACE = 1_000_000_000;
/** Coprime with 10^9, so `index × step mod 10^9` visits every 9-digit base once: no repeats. */
const CPF_STEP = 738_771_049;

function cpfCheckDigit(digits: string): number {
  const remainder = weightedSum(digits, digits.length + 1) % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A number below 10^9 for the `index`-th person of the run: distinct for distinct indexes. */
const distinctNumber = (seed: number, index: number): number =>
  (Number((BigInt(index) * BigInt(CPF_STEP)) % BigInt(CPF_SPACE)) + ((seed * 7_919) % CPF_SPACE)) % CPF_SPACE;

/** The `index`-th CPF of the run (11 digits): distinct for distinct indexes below 10^9. */
export function syntheticCpf(seed: number, index: number): string {
  const base = String(distinctNumber(seed, index)).padStart(9, '0');
  // All-equal digits are refused by the rule ('111.111.111-11'); nudge the last one.
  const usable = /^(\d)\1{8}$/.test(base) ? `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}` : base;
  const first = cpfCheckDigit(usable);
  return `${usable}${first}${cpfCheckDigit(`${usable}${first}`)}`;
}

/**
 * A definitive CNS (first digit 1 or 2) from a number of up to 10 digits, with its check
 * digits; the rare base whose digits cannot be completed is replaced by the next one.
 */
export function syntheticCns(firstDigit: 1 | 2, number: number): string {
  for (let candidate = number; ; candidate += 1) {
    const cns = definitiveCns(`${firstDigit}${String(candidate % 10_000_000_000).padStart(10, '0')}`);
    if (isValidCns(cns)) return cns;
  }
}

/**
 * The `index`-th person's CNS (the API refuses a CNS another patient holds): distinct for
 * distinct indexes below 10^9, each owning ten consecutive numbers for `syntheticCns` to move
 * on from a base it cannot complete.
 */
export function distinctCns(seed: number, index: number, firstDigit: 1 | 2): string {
  return syntheticCns(firstDigit, distinctNumber(seed, index) * 10);
}

function definitiveCns(base: string): string {
  let sum = weightedSum(base, 15);
  let dv = 11 - (sum % 11);
  if (dv === 11) dv = 0;
  if (dv === 10) {
    sum += 2;
    dv = 11 - (sum % 11);
    return `${base}001${dv}`;
  }
  return `${base}000${dv}`;
}
