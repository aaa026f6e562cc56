import { foldText, searchMunicipalities, type Municipality } from '@bari/contracts';

/** How a chosen municipality reads in the field: 'Campinas (SP)'. */
export const municipalityInputValue = (municipality: Pick<Municipality, 'name' | 'uf'>) =>
  `${municipality.name} (${municipality.uf})`;

/**
 * The municipality meant by text left in the field (Tab or a click elsewhere without picking):
 * the only one matching it, or the only one whose name (and state, when given) it spells out
 * exactly; undefined when the text is ambiguous or matches none.
 */
export function municipalityFromText(text: string): Municipality | undefined {
  if (foldText(text) === '') return undefined;
  // The field's own 'Name (UF)' reads as the search's 'Name, UF'.
  const candidates = searchMunicipalities(text.replace(/\s*\(([a-zA-Z]{2})\)\s*$/, ', $1'), 50);
  if (candidates.length === 1) return candidates[0];
  const exact = candidates.filter(
    (municipality) =>
      foldText(municipality.name) === foldText(text) ||
      foldText(municipalityInputValue(municipality)) === foldText(text),
  );
  return exact.length === 1 ? exact[0] : undefined;
}
