import { describe, expect, it } from 'vitest';
import { municipalityFromText } from './municipality-match.ts';

describe('municipalityFromText', () => {
  it('takes the only municipality matching the text', () => {
    expect(municipalityFromText('campinas, sp')).toMatchObject({ name: 'Campinas', uf: 'SP' });
  });

  it('takes an exact name or name (UF), accents and case aside', () => {
    expect(municipalityFromText('sao paulo')).toMatchObject({ name: 'São Paulo', uf: 'SP' });
    expect(municipalityFromText('Campinas (SP)')).toMatchObject({ name: 'Campinas', uf: 'SP' });
  });

  it('takes nothing for text that is ambiguous, unknown or empty', () => {
    expect(municipalityFromText('São')).toBeUndefined();
    expect(municipalityFromText('Xyzzy')).toBeUndefined();
    expect(municipalityFromText('  ')).toBeUndefined();
  });
});
