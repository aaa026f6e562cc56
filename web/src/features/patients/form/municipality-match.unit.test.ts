import { describe, expect, it } from 'vitest';
import { municipalityFromText } from './municipality-match.ts';

describe('municipalityFromText', () => {
  it('takes the municipality whose name and state the text spells out', () => {
    expect(municipalityFromText('campinas, sp')).toMatchObject({ name: 'Campinas', uf: 'SP' });
    expect(municipalityFromText('Campinas,SP')).toMatchObject({ name: 'Campinas', uf: 'SP' });
    expect(municipalityFromText('Campinas (SP)')).toMatchObject({ name: 'Campinas', uf: 'SP' });
  });

  it('takes an exact name shared by no other municipality, accents and case aside', () => {
    expect(municipalityFromText('sao paulo')).toMatchObject({ name: 'São Paulo', uf: 'SP' });
  });

  it('never takes the only suggestion of a partial name (the user did not pick it)', () => {
    expect(municipalityFromText('Sorocab')).toBeUndefined();
    expect(municipalityFromText('campin')).toBeUndefined();
  });

  it('takes nothing for text that is ambiguous, unknown or empty', () => {
    expect(municipalityFromText('São')).toBeUndefined();
    expect(municipalityFromText('Bom Jesus')).toBeUndefined();
    expect(municipalityFromText('Xyzzy')).toBeUndefined();
    expect(municipalityFromText('  ')).toBeUndefined();
  });
});
