/*
 * Hand-written twins of two string checks, for the hot paths that read every stored item: a
 * character loop instead of a regular expression and zod's machinery around it. Each accepts
 * exactly what its schema accepts (`plain-checks.unit.test.ts` compares them over many
 * generated strings); a caller that finds a value refused falls back to the schema, which
 * names the problem.
 */

const HYPHEN = 0x2d;

/** 1 for the ASCII codes of hexadecimal digits, either case. */
const HEX_DIGIT = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') HEX_DIGIT[digit.charCodeAt(0)] = 1;

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** What `z.string().uuid()` accepts: 8-4-4-4-12 hexadecimal digits, either case. */
export function isUuidText(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 36) return false;
  for (let index = 0; index < 36; index += 1) {
    const code = value.charCodeAt(index);
    if (index === 8 || index === 13 || index === 18 || index === 23) {
      if (code !== HYPHEN) return false;
    } else if (code > 127 || HEX_DIGIT[code] === 0) return false;
  }
  return true;
}

/** What `StoredDateSchema` accepts: `dddd-dd-dd`, ASCII digits, by shape only. */
export function isStoredDateText(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10) return false;
  for (let index = 0; index < 10; index += 1) {
    const code = value.charCodeAt(index);
    if (index === 4 || index === 7 ? code !== HYPHEN : !isDigit(code)) return false;
  }
  return true;
}
