import { MUNICIPALITIES, searchMunicipalities, type Municipality } from '@bari/contracts';
import { MenuItem } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import type { Control } from 'react-hook-form';
import { ControlledField } from '../../../common/controlled-field.tsx';
import { patientsMessages as m } from '../messages.ts';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';

/** Suggestions shown at once: enough to scroll, few enough to render on every keystroke. */
const SUGGESTION_LIMIT = 50;
// Suggest wants a mutable array; the IBGE list itself stays frozen.
const allMunicipalities = [...MUNICIPALITIES];

const inputValue = (municipality: Municipality) => `${municipality.name} (${municipality.uf})`;

const renderMunicipality: ItemRenderer<Municipality> = (
  municipality,
  { handleClick, handleFocus, modifiers },
) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      active={modifiers.active}
      key={municipality.ibgeCode}
      label={municipality.uf}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
      text={municipality.name}
    />
  ) : null;

export interface MunicipalityFieldProps {
  control: Control<PatientFormValues, unknown, PatientFormOutput>;
  id: string;
  disabled?: boolean;
}

/**
 * The municipality, chosen from the IBGE list (protocol-catalog.md) by typing part of its name
 * (accents and case aside; 'campinas, sp' narrows by state). Stored as {ibgeCode, name, uf}.
 */
export function MunicipalityField({ control, id, disabled }: MunicipalityFieldProps) {
  return (
    <ControlledField control={control} id={id} label={m.municipalityLabel} name="municipality">
      {(field, intent) => (
        <Suggest<Municipality>
          disabled={disabled}
          fill
          inputProps={{
            id,
            inputRef: field.ref,
            intent,
            leftIcon: IconNames.MAP_MARKER,
            name: field.name,
            onBlur: field.onBlur,
            placeholder: m.municipalityPlaceholder,
          }}
          inputValueRenderer={inputValue}
          itemListPredicate={(query) => searchMunicipalities(query, SUGGESTION_LIMIT)}
          itemRenderer={renderMunicipality}
          items={allMunicipalities}
          itemsEqual="ibgeCode"
          noResults={<MenuItem disabled roleStructure="listoption" text={m.municipalityNoResults} />}
          onItemSelect={(municipality) =>
            field.onChange({
              ibgeCode: municipality.ibgeCode,
              name: municipality.name,
              uf: municipality.uf,
            })
          }
          popoverProps={{ matchTargetWidth: true, minimal: true }}
          resetOnClose
          // Undefined until a municipality is chosen (the form starts without one).
          selectedItem={(field.value as Municipality | undefined) ?? null}
        />
      )}
    </ControlledField>
  );
}
