import { describe, expect, it } from 'vitest';
import {
  MUNICIPALITIES,
  MunicipalitySchema,
  municipalityByCode,
  searchMunicipalities,
} from './municipalities.ts';
import { MunicipalityRefSchema, SHARED_MUNICIPALITY_NAMES, municipalityLabel } from './municipality-ref.ts';
import { foldText } from './fold-text.ts';

const saoPaulo = { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' };

describe('IBGE municipalities', () => {
  it('holds the 5,571 municipalities, each with a unique 7-digit code and a UF', () => {
    expect(MUNICIPALITIES).toHaveLength(5571);
    expect(new Set(MUNICIPALITIES.map((m) => m.ibgeCode)).size).toBe(5571);
    expect(new Set(MUNICIPALITIES.map((m) => m.uf)).size).toBe(27);
    for (const m of MUNICIPALITIES) {
      expect(MunicipalityRefSchema.safeParse(m).success, m.ibgeCode).toBe(true);
      // The first two digits of an IBGE municipality code are its state's code.
      expect(m.ibgeCode.slice(0, 2)).toBe(MUNICIPALITIES.find((x) => x.uf === m.uf)?.ibgeCode.slice(0, 2));
    }
  });

  it('finds a municipality by code', () => {
    expect(municipalityByCode('3550308')).toEqual(saoPaulo);
    expect(municipalityByCode('2927408')?.name).toBe('Salvador');
    expect(municipalityByCode('0000000')).toBeUndefined();
  });

  it('searches ignoring accents, case and spaces, prefixes first', () => {
    const results = searchMunicipalities('  SAO   paulo ');
    expect(results[0]).toEqual(saoPaulo);
    expect(results.every((m) => foldText(m.name).includes('sao paulo'))).toBe(true);
    expect(searchMunicipalities('goiania').map((m) => m.name)).toContain('Goiânia');
    expect(searchMunicipalities('xyzzy')).toEqual([]);
    expect(searchMunicipalities('', 10)).toHaveLength(10);
    expect(searchMunicipalities('a', 5)).toHaveLength(5);
  });

  it('filters by a UF after a comma, slash or spaced dash, but not inside a hyphenated name', () => {
    expect(searchMunicipalities('bom jesus, pi').map((m) => m.uf)).toEqual(['PI']);
    expect(searchMunicipalities('Campinas/SP')[0]?.ibgeCode).toBe('3509502');
    expect(searchMunicipalities('campinas - sp')[0]?.ibgeCode).toBe('3509502');
    expect(searchMunicipalities('embu-gu')[0]?.name).toBe('Embu-Guaçu');
  });

  it('labels a shared name with its UF', () => {
    expect(municipalityLabel(saoPaulo)).toBe('São Paulo');
    expect(municipalityLabel({ name: 'Bom Jesus', uf: 'PI' })).toBe('Bom Jesus (PI)');
  });

  it('knows, without the list, exactly the names the list shares', () => {
    const counts = new Map<string, number>();
    for (const { name } of MUNICIPALITIES) counts.set(foldText(name), (counts.get(foldText(name)) ?? 0) + 1);
    const shared = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
    expect([...SHARED_MUNICIPALITY_NAMES].sort()).toEqual(shared.sort());
  });
});

describe('MunicipalitySchema', () => {
  it('given a municipality of the list, then it parses to the list spelling', () => {
    expect(MunicipalitySchema.parse({ ibgeCode: '3550308', name: 'sao paulo', uf: 'sp' })).toEqual(saoPaulo);
  });

  it.each([
    [undefined, 'Município é obrigatório'],
    [null, 'Município é obrigatório'],
    [{ ibgeCode: '0000000', name: 'Nenhum', uf: 'SP' }, 'Município inválido'],
    [{ ibgeCode: '3550308', name: 'Campinas', uf: 'SP' }, 'Município inválido'],
    [{ ibgeCode: '3550308', name: 'São Paulo', uf: 'RJ' }, 'Município inválido'],
  ])('given %j, then the message is %s', (value, message) => {
    const result = MunicipalitySchema.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
