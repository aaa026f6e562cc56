import {
  MUNICIPALITIES,
  foldText,
  municipalityByCode,
  municipalityLabel,
  type Municipality,
} from '@bari/contracts';

/**
 * The municipalities a `municipality` query parameter may name: its IBGE code, its label ('Bom
 * Jesus (PI)', also 'Bom Jesus/PI' or 'Bom Jesus — PI') or its bare name, accents and case
 * aside. A name shared by several municipalities without its UF names all of them.
 */
export const isIbgeCode = (param: string): boolean => /^\d{7}$/.test(param);

export function municipalitiesNamed(param: string): Municipality[] {
  if (isIbgeCode(param)) {
    const known = municipalityByCode(param);
    return known ? [known] : [];
  }
  // 'Bom Jesus/RS' and 'Bom Jesus — RS', as the history and the patient's page spell it, and
  // 'Recife (PE)': a label's form, also for a name no other municipality has (its label is bare).
  const withState = /^(.+?)\s*(?:(?:\/|\s[—–-])\s*([A-Za-z]{2})|\(([A-Za-z]{2})\))$/.exec(param.trim());
  if (withState) {
    const [, name = '', slashed, parenthesized] = withState;
    const uf = slashed ?? parenthesized ?? '';
    const named = MUNICIPALITIES.filter(
      (municipality) =>
        municipality.uf === uf.toUpperCase() && foldText(municipality.name) === foldText(name),
    );
    if (named.length > 0) return named;
  }
  const wanted = foldText(param);
  const byLabel = MUNICIPALITIES.filter(
    (municipality) => foldText(municipalityLabel(municipality)) === wanted,
  );
  if (byLabel.length > 0) return byLabel;
  return MUNICIPALITIES.filter((municipality) => foldText(municipality.name) === wanted);
}
