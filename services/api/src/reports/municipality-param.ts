import {
  MUNICIPALITIES,
  foldText,
  municipalityByCode,
  municipalityLabel,
  type Municipality,
} from '@bari/contracts';

/**
 * The municipalities a `municipality` query parameter may name: its IBGE code, or its label
 * ('Bom Jesus (PI)') or bare name, accents and case aside. A name shared by several
 * municipalities without its UF names all of them.
 */
export function municipalitiesNamed(param: string): Municipality[] {
  if (/^\d{7}$/.test(param)) {
    const known = municipalityByCode(param);
    return known ? [known] : [];
  }
  const wanted = foldText(param);
  const byLabel = MUNICIPALITIES.filter(
    (municipality) => foldText(municipalityLabel(municipality)) === wanted,
  );
  if (byLabel.length > 0) return byLabel;
  return MUNICIPALITIES.filter((municipality) => foldText(municipality.name) === wanted);
}
