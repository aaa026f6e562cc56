/** Keeps only the ASCII digits of a value: '390.533.447-05' → '39053344705'. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The digits of an identifier typed with its usual punctuation (spaces, dots, dashes, slashes),
 * or null when it holds anything else: a letter among the digits is an error, not noise to drop.
 */
export function digitsOfIdentifier(value: string): string | null {
  const trimmed = value.trim();
  return /^[\d\s./-]*$/.test(trimmed) ? onlyDigits(trimmed) : null;
}

/** Σ digit × weight, the weights counting down from `firstWeight` (CPF, CNS). */
export function weightedSum(digits: string, firstWeight: number): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[index]) * (firstWeight - index);
  }
  return sum;
}
