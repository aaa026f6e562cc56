import { foldText, searchMunicipalities, type Municipality } from '@bari/contracts';

/** How a chosen municipality reads in the field: 'Campinas (SP)'. */
export const municipalityInputValue = (municipality: Pick<Municipality, 'name' | 'uf'>) =>
  `${municipality.name} (${municipality.uf})`;

/**
 * The municipality meant by text left in the field (Tab or a click elsewhere without picking):
 * the one whose whole name — alone, or with its state as 'Name, UF' or 'Name (UF)' — the text
 * spells out, accents and case aside. Never the only suggestion of a partial name: a
 * suggestion the user did not highlight is not picked for them (issue 11).
 */
export function municipalityFromText(text: string): Municipality | undefined {
  // The field's own 'Name (UF)' reads as the search's 'Name, UF'.
  const query = text.replace(/\s*\(([a-zA-Z]{2})\)\s*$/, ', $1');
  const wanted = foldText(query).replace(/\s*,\s*/, ', ');
  if (wanted === '') return undefined;
  const exact = searchMunicipalities(query, 50).filter(
    (municipality) =>
      foldText(municipality.name) === wanted ||
      foldText(`${municipality.name}, ${municipality.uf}`) === wanted,
  );
  return exact.length === 1 ? exact[0] : undefined;
}
