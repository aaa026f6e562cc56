import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.ts';

describe('email normalisation', () => {
  it('compares emails case-insensitively and ignores surrounding spaces', () => {
    expect(normalizeEmail('  Maria.Souza@SUS.Gov.BR ')).toBe('maria.souza@sus.gov.br');
    expect(normalizeEmail('MARIA@sus.gov.br')).toBe(normalizeEmail('maria@SUS.GOV.BR'));
  });

  it('treats composed and decomposed accents as the same email', () => {
    expect(normalizeEmail('jose\u0301@sus.gov.br')).toBe(normalizeEmail('jos\u00e9@sus.gov.br'));
  });
});
