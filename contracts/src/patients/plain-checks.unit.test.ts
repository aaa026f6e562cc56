import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random.ts';
import { StoredDateSchema } from './fields.ts';
import { isStoredDateText, isUuidText } from './plain-checks.ts';
import { ProcedureIdSchema } from './procedure.ts';

/** Valid values, then each mutated at random places with characters near the rules' edges. */
function candidates(valid: readonly string[], seed: number): string[] {
  const next = seededRandom(seed);
  const alphabet = '0123456789abcdefABCDEFgG-/ :x\u0660é\n';
  const pick = () => alphabet[Math.floor(next() * alphabet.length)]!;
  const out: string[] = [...valid, '', ' ', `${valid[0]}\n`, ` ${valid[0]}`];
  for (let round = 0; round < 20_000; round += 1) {
    const chars = [...valid[round % valid.length]!];
    const edits = 1 + Math.floor(next() * 3);
    for (let edit = 0; edit < edits; edit += 1) {
      const at = Math.floor(next() * (chars.length + 1));
      const kind = next();
      if (kind < 0.5) chars[Math.min(at, chars.length - 1)] = pick();
      else if (kind < 0.75) chars.splice(at, 0, pick());
      else chars.splice(at, 1);
    }
    out.push(chars.join(''));
  }
  return out;
}

describe('plain checks', () => {
  it('isUuidText accepts exactly what z.string().uuid() accepts', () => {
    const valid = ['01a22595-c17f-7000-9b1e-7dc8bc38ffee', 'ABCDEF01-2345-6789-abcd-ef0123456789'];
    let accepted = 0;
    for (const value of candidates(valid, 1)) {
      expect([value, isUuidText(value)]).toEqual([value, ProcedureIdSchema.safeParse(value).success]);
      if (isUuidText(value)) accepted += 1;
    }
    // Both answers occur, so the comparison means something.
    expect(accepted).toBeGreaterThan(1_000);
    expect([null, 36, undefined, ['01a22595-c17f-7000-9b1e-7dc8bc38ffee']].some(isUuidText)).toBe(false);
  });

  it('isStoredDateText accepts exactly what StoredDateSchema accepts', () => {
    let accepted = 0;
    for (const value of candidates(['2026-11-29', '0000-00-00', '9999-19-39'], 2)) {
      expect([value, isStoredDateText(value)]).toEqual([value, StoredDateSchema.safeParse(value).success]);
      if (isStoredDateText(value)) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(1_000);
    expect([null, 20261129, new Date()].some(isStoredDateText)).toBe(false);
  });
});
