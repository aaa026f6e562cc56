import type { AuditFacetsDto } from '@bari/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useGetProcedureTypesQuery } from '../procedures/procedures-api.ts';
import { emailsOf, type ValueNames } from './audit-format.ts';

type NameOf = (code: string) => string | undefined;

/**
 * The names the screen can give an entry's ids and codes: users' emails (the user filter's
 * list), procedure types' names (the catalogue) and, once `withMunicipalities` asks for them,
 * municipalities' names (a list loaded then, not with the page).
 */
export function useValueNames(
  users: AuditFacetsDto['users'] | undefined,
  { withMunicipalities = false }: { withMunicipalities?: boolean } = {},
): ValueNames {
  const { data: types } = useGetProcedureTypesQuery();
  const [municipalityOf, setMunicipalityOf] = useState<NameOf>();
  useEffect(() => {
    if (!withMunicipalities || municipalityOf) return;
    let current = true;
    void import('./municipality-names.ts').then(({ municipalityName }) => {
      if (current) setMunicipalityOf(() => municipalityName);
    });
    return () => {
      current = false;
    };
  }, [withMunicipalities, municipalityOf]);
  return useMemo(
    () => ({
      emailOf: emailsOf(users),
      procedureTypeOf: (id: string) => types?.find((type) => type.id === id)?.name,
      municipalityOf,
    }),
    [users, types, municipalityOf],
  );
}
