import { describe, expect, it } from 'vitest';
import { isValidCns, isValidCpf } from '@bari/contracts';
import { distinctCns, syntheticCns, syntheticCpf } from './identifiers.ts';

describe('synthetic identifiers', () => {
  it('makes CPFs the API accepts, all distinct across a large run', () => {
    const cpfs = Array.from({ length: 20_000 }, (_, index) => syntheticCpf(7, index));
    expect(cpfs.every((cpf) => /^\d{11}$/.test(cpf) && isValidCpf(cpf))).toBe(true);
    expect(new Set(cpfs).size).toBe(cpfs.length);
  });

  it('depends on the seed, and only on it and the index', () => {
    expect(syntheticCpf(1, 42)).toBe(syntheticCpf(1, 42));
    expect(syntheticCpf(1, 42)).not.toBe(syntheticCpf(2, 42));
  });

  it('makes definitive CNS numbers with valid check digits, including bases whose digit is 10', () => {
    const numbers = Array.from({ length: 5_000 }, (_, index) => index * 1_999_993);
    const made = ([1, 2] as const).flatMap((first) => numbers.map((number) => syntheticCns(first, number)));
    expect(made.every((cns) => /^[12]\d{14}$/.test(cns) && isValidCns(cns))).toBe(true);
    // The '001' infix is the rule's branch for a first check digit of 10.
    expect(made.some((cns) => cns.slice(11, 14) === '001')).toBe(true);
  });

  it('makes CNS numbers the API accepts, one per person, all distinct across a large run', () => {
    const made = Array.from({ length: 100_000 }, (_, index) => distinctCns(7, index, index % 2 ? 1 : 2));
    expect(made.every((cns) => isValidCns(cns))).toBe(true);
    // The first digit does not tell them apart: the numbers after it are distinct already.
    expect(new Set(made.map((cns) => cns.slice(1))).size).toBe(made.length);
  });
});
