import { getMunicipalities } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { foldText } from './fold-text.ts';
import { MUNICIPALITY_INVALID, MUNICIPALITY_REQUIRED, type Municipality } from './municipality-ref.ts';

/**
 * The IBGE list (5,571 municipalities), from `@brazilian-utils/brazilian-utils`, sorted by
 * name in the pt-BR collation. Built once; frozen so no caller can change it for the others.
 */
export const MUNICIPALITIES: readonly Municipality[] = Object.freeze(
  getMunicipalities().map(({ code, name, stateCode }) =>
    Object.freeze({ ibgeCode: code, name, uf: stateCode }),
  ),
);

const byCode = new Map(MUNICIPALITIES.map((municipality) => [municipality.ibgeCode, municipality]));
const folded = MUNICIPALITIES.map((municipality) => ({ municipality, name: foldText(municipality.name) }));

/** The municipality with this 7-digit IBGE code, or undefined. */
export function municipalityByCode(ibgeCode: string): Municipality | undefined {
  return byCode.get(ibgeCode.trim());
}

const ufs = new Set(MUNICIPALITIES.map((municipality) => municipality.uf));

/** Splits 'Campinas, SP', 'Campinas/SP' or 'Campinas - SP' into name and a known UF. */
function splitUf(query: string): { text: string; uf: string | undefined } {
  const match = /^(.*?)\s*(?:,|\/|\s-\s)\s*([a-zA-Z]{2})\s*$/.exec(query);
  const uf = match?.[2]?.toUpperCase();
  return match && uf && ufs.has(uf) ? { text: match[1] ?? '', uf } : { text: query, uf: undefined };
}

/**
 * Municipalities whose name contains the query, ignoring accents, case and extra spaces
 * ('sao paulo' finds 'São Paulo'); names that start with the query come first. A UF after a
 * comma, a slash or a spaced dash also filters by state ('bom jesus, pi'). An empty query
 * returns the first `limit` of the list.
 */
export function searchMunicipalities(query: string, limit = 50): Municipality[] {
  const { text, uf } = splitUf(query);
  const wanted = foldText(text);
  const starts: Municipality[] = [];
  const contains: Municipality[] = [];
  for (const { municipality, name } of folded) {
    if (uf && municipality.uf !== uf) continue;
    if (name.startsWith(wanted)) starts.push(municipality);
    else if (name.includes(wanted)) contains.push(municipality);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * A municipality chosen in a form or sent to the API: it must be on the IBGE list, with the
 * name and UF of its code (accents and case aside); the output is the list's own spelling.
 */
export const MunicipalitySchema = z
  .object(
    { ibgeCode: z.string(), name: z.string(), uf: z.string() },
    { required_error: MUNICIPALITY_REQUIRED, invalid_type_error: MUNICIPALITY_REQUIRED },
  )
  .superRefine((value, context) => {
    const known = municipalityByCode(value.ibgeCode);
    if (
      !known ||
      foldText(known.name) !== foldText(value.name) ||
      known.uf !== value.uf.trim().toUpperCase()
    ) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: MUNICIPALITY_INVALID });
    }
  })
  .transform((value): Municipality => {
    const { ibgeCode, name, uf } = municipalityByCode(value.ibgeCode) ?? value;
    return { ibgeCode, name, uf };
  });
