import { MUNICIPALITIES, searchMunicipalities, type Municipality } from '@bari/contracts';
import { MenuItem } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { Control } from 'react-hook-form';
import { ControlledField } from '../../../common/controlled-field.tsx';
import { patientsMessages as m } from '../messages.ts';
import { municipalityFromText, municipalityInputValue } from './municipality-match.ts';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';

/** Suggestions shown at once: enough to scroll, few enough to render on every keystroke. */
const SUGGESTION_LIMIT = 50;
// Suggest wants a mutable array; the IBGE list itself stays frozen.
const allMunicipalities = [...MUNICIPALITIES];

const storedValue = ({ ibgeCode, name, uf }: Municipality): Municipality => ({ ibgeCode, name, uf });

// One function for the component's life: Suggest's list starts over at its first item whenever
// this prop changes, and an inline arrow changed on every render, so Enter after ↓ picked the
// first municipality instead of the highlighted one.
const suggestionsFor = (query: string) => searchMunicipalities(query, SUGGESTION_LIMIT);

/**
 * Keys the open list answers, kept from the form's dialog: Enter picks the highlighted
 * municipality (without sending the form, which re-rendered the list and moved the focus to
 * the first field), Escape closes the list (not the dialog and the patient typed in it).
 * Returns whether the list was open.
 */
function keepListKeys(event: KeyboardEvent<HTMLInputElement>): boolean {
  const listOpen = event.currentTarget.getAttribute('aria-expanded') === 'true';
  if (!listOpen) return false;
  if (event.key === 'Enter') event.preventDefault();
  if (event.key === 'Enter' || event.key === 'Escape') event.stopPropagation();
  return true;
}

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

const pickedWithKeyboard = (event: SyntheticEvent | undefined): boolean =>
  event?.type.startsWith('key') ?? false;

export interface MunicipalityFieldProps {
  control: Control<PatientFormValues, unknown, PatientFormOutput>;
  id: string;
  disabled?: boolean;
}

/**
 * The municipality, chosen from the IBGE list (protocol-catalog.md) by typing part of its name
 * (accents and case aside; 'campinas, sp' narrows by state). Stored as {ibgeCode, name, uf}.
 * Text left in the field without picking (Tab, a click elsewhere) picks the municipality it spells
 * out in full; otherwise it stays there, unchosen, with 'Selecione o município na lista' — also
 * when the form is sent, instead of 'Município é obrigatório', since something was typed.
 */
export function MunicipalityField({ control, id, disabled }: MunicipalityFieldProps) {
  const [unmatched, setUnmatched] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  // No municipality is `null`, never `undefined`: react-hook-form reads `undefined` as "back to
  // the default value", and the edit form showed the patient's municipality again.
  // What was typed since the field got the focus. Suggest closes its list on Tab's keydown and
  // puts the chosen municipality's name back in the input before the blur: the blur alone read
  // 'Ribeirão Preto (SP)' where 'Sertãozinho' had been typed, and the old one stayed, silently.
  const typed = useRef<string | null>(null);
  // Suggest takes the focus off its input when a pick with the keyboard or Escape closes the
  // list: the dialog's focus trap put it back at the dialog's start (the dates then typed into
  // CPF and CNS), and sending it on to the next field made the nurse's own Tab skip 'Data da
  // Internação'. It goes back to the input, quietly: the list opens again only at a key, not
  // for that focus (Suggest opens on focus unless `openOnKeyDown`).
  const [quiet, setQuiet] = useState(false);
  const refocusQuietly = () => {
    setQuiet(true);
    requestAnimationFrame(() => input.current?.focus());
  };

  return (
    <ControlledField
      control={control}
      id={id}
      label={m.municipalityLabel}
      name="municipality"
      describeError={(message) => (unmatched ? m.municipalityNotChosen : message)}
      warning={() => (unmatched ? m.municipalityNotChosen : null)}
    >
      {(field, intent) => {
        const chosen = field.value as Municipality | undefined;
        const onBlur = (shown: string) => {
          const text = typed.current ?? shown;
          typed.current = null;
          if (text.trim() === '') {
            // Emptied on purpose: no municipality ('Município é obrigatório' at submission).
            if (chosen) field.onChange(null);
            setUnmatched(false);
          } else if (!chosen || text !== municipalityInputValue(chosen)) {
            const meant = municipalityFromText(text);
            if (meant) field.onChange(storedValue(meant));
            else if (chosen) field.onChange(null);
            setUnmatched(meant === undefined);
          }
          field.onBlur();
        };
        return (
          <Suggest<Municipality>
            disabled={disabled}
            fill
            inputProps={{
              id,
              inputRef: (element: HTMLInputElement | null) => {
                field.ref(element);
                input.current = element;
              },
              intent,
              leftIcon: IconNames.MAP_MARKER,
              name: field.name,
              onBlur: (event) => {
                setQuiet(false);
                onBlur(event.currentTarget.value);
              },
              onKeyDown: (event) => {
                if (keepListKeys(event) && event.key === 'Escape') refocusQuietly();
              },
              placeholder: m.municipalityPlaceholder,
            }}
            inputValueRenderer={municipalityInputValue}
            itemListPredicate={suggestionsFor}
            itemRenderer={renderMunicipality}
            items={allMunicipalities}
            itemsEqual="ibgeCode"
            noResults={<MenuItem disabled roleStructure="listoption" text={m.municipalityNoResults} />}
            openOnKeyDown={quiet}
            onItemSelect={(municipality, event) => {
              typed.current = null;
              setUnmatched(false);
              field.onChange(storedValue(municipality));
              if (pickedWithKeyboard(event)) refocusQuietly();
            }}
            // Only what the user typed (an event): the list empties its query itself after a pick.
            onQueryChange={(text, event) => {
              if (event) typed.current = text;
            }}
            popoverProps={{ matchTargetWidth: true, minimal: true }}
            resetOnSelect
            // Undefined until a municipality is chosen (the form starts without one); while it
            // is, the text typed stays in the field.
            selectedItem={chosen ?? null}
          />
        );
      }}
    </ControlledField>
  );
}
