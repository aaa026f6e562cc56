import { describe, expect, it } from 'vitest';
import { municipalitiesNamed } from './municipality-param.ts';

const codes = (param: string) => municipalitiesNamed(param).map((municipality) => municipality.ibgeCode);

describe('the municipality a report names', () => {
  it("given its code, its name, or its name with its UF in any of the app's spellings, then that one", () => {
    for (const param of [
      '2611606',
      'Recife',
      'RECIFE',
      'Recife/PE',
      'Recife - PE',
      'Recife — PE',
      'Recife (PE)',
      'recife (pe)',
    ])
      expect(codes(param), param).toEqual(['2611606']);
  });

  it('given a shared name, then all of them, or the one its UF names', () => {
    expect(codes('Bom Jesus').length).toBeGreaterThan(1);
    expect(codes('Bom Jesus (PI)')).toEqual(codes('Bom Jesus/PI'));
    expect(codes('Bom Jesus (PI)')).toHaveLength(1);
  });

  it('given a UF that is not its state, then none', () => {
    expect(codes('Recife (SP)')).toEqual([]);
  });
});
