import type { PatientListRow } from '@bari/contracts';
import { MenuItem } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import { useEffect, useState } from 'react';
import { useGetPatientsQuery } from '../patients/patients-api.ts';
import { reportsMessages as m } from './messages.ts';

/** Patients offered at once; the server searches, since there may be 100,000 of them. */
const PAGE_SIZE = 20;
const TYPING_PAUSE_MS = 250;

export interface PickedPatient {
  id: string;
  name: string;
}

const renderPatient: ItemRenderer<PatientListRow> = (patient, { handleClick, handleFocus, modifiers }) => (
  <MenuItem
    active={modifiers.active}
    key={patient.id}
    label={patient.municipality.name}
    onClick={handleClick}
    onFocus={handleFocus}
    roleStructure="listoption"
    text={patient.name}
  />
);

export interface PatientPickerProps {
  id: string;
  value: PickedPatient | null;
  onChange: (patient: PickedPatient | null) => void;
}

/** Chooses a patient by name, CNS or municipality, searched on the server as the user types. */
export function PatientPicker({ id, value, onChange }: PatientPickerProps) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const { data, isFetching } = useGetPatientsQuery({
    search: search || undefined,
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const items = data?.rows ?? [];
  const selected = items.find((patient) => patient.id === value?.id) ?? null;

  return (
    <Suggest<PatientListRow>
      fill
      inputProps={{ id, leftIcon: IconNames.PERSON, placeholder: m.patientPlaceholder }}
      inputValueRenderer={(patient) => patient.name}
      itemRenderer={renderPatient}
      items={items}
      itemsEqual="id"
      noResults={
        <MenuItem
          disabled
          roleStructure="listoption"
          text={isFetching ? m.patientSearching : m.patientNoResults}
        />
      }
      onItemSelect={(patient) => onChange({ id: patient.id, name: patient.name })}
      onQueryChange={(text) => {
        setQuery(text);
        if (value && text !== value.name) onChange(null);
      }}
      popoverProps={{ matchTargetWidth: true, minimal: true }}
      query={query}
      selectedItem={selected}
    />
  );
}
