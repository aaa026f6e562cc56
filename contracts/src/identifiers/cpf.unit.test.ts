import { generateCpf, isValidCpf as referenceIsValidCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { CPF_MASKED_LENGTH, formatCpf, isValidCpf, maskCpf, normalizeCpf } from './cpf.ts';

describe('CPF', () => {
  it.each([
    '390.533.447-05',
    '714.602.858-59',
    '280.012.389-38',
    '39053344705',
    '71460285859',
    '28001238938',
  ])('given the catalogue example %s, when validated, then it is valid', (cpf) =>
    expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ['390.533.447-06', 'wrong second check digit'],
    ['111.111.111-11', 'all digits identical'],
    ['00000000000', 'all digits identical'],
    ['390.533.447-0', 'too short'],
    ['390.533.447-055', 'too long'],
    ['39O.533.447-05', 'a letter among the digits'],
    ['', 'empty'],
  ])('given %s (%s), when validated, then it is invalid', (cpf) => expect(isValidCpf(cpf)).toBe(false));

  it('agrees with @brazilian-utils on generated numbers and on every wrong last digit', () => {
    for (let run = 0; run < 200; run += 1) {
      const cpf = generateCpf();
      expect(isValidCpf(cpf)).toBe(true);
      const wrong = `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1 + (run % 9)) % 10}`;
      expect(isValidCpf(wrong)).toBe(referenceIsValidCpf(wrong));
    }
  });

  it('normalises to the 11 digits', () => {
    expect(normalizeCpf(' 390.533.447-05 ')).toBe('39053344705');
  });

  it('masks progressively while typing, never beyond 14 characters', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('390')).toBe('390');
    expect(maskCpf('3905')).toBe('390.5');
    expect(maskCpf('3905334')).toBe('390.533.4');
    expect(maskCpf('390533447')).toBe('390.533.447');
    expect(maskCpf('3905334470')).toBe('390.533.447-0');
    expect(maskCpf('390533447051234')).toBe('390.533.447-05');
    expect(maskCpf('390.533.447-05').length).toBe(CPF_MASKED_LENGTH);
    expect(maskCpf('390.533.447-05')).toBe('390.533.447-05');
  });

  it('formats a stored CPF as 000.000.000-00', () => {
    expect(formatCpf('28001238938')).toBe('280.012.389-38');
  });
});
