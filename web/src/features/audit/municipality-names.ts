import { municipalityByCode, municipalityWithState } from '@bari/contracts';

/*
 * Loaded on demand (`import()`), so that the list of every municipality only travels to an
 * auditor who opens an entry naming one.
 */

/** A municipality's name by its IBGE code ('Campinas — SP'). */
export function municipalityName(ibgeCode: string): string | undefined {
  const municipality = municipalityByCode(ibgeCode);
  return municipality ? municipalityWithState(municipality) : undefined;
}
