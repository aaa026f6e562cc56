import { PATIENT_STATUSES, PATIENT_STATUS_LABELS, type PatientStatus } from '@bari/contracts';
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { patientsMessages as m } from '../messages.ts';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const statusOptions = [
  { value: 'all', label: m.statusAll },
  ...PATIENT_STATUSES.map((status) => ({ value: status, label: PATIENT_STATUS_LABELS[status] })),
];

export interface PatientListToolbarProps {
  search: string;
  status: PatientStatus | 'all';
  onSearchChange: (search: string) => void;
  onStatusChange: (status: PatientStatus | 'all') => void;
}

/** The search box (name, CNS, municipality) and the status filter of the patient list. */
export function PatientListToolbar({
  search,
  status,
  onSearchChange,
  onStatusChange,
}: PatientListToolbarProps) {
  const [text, setText] = useState(search);
  // The address changed by other means (the sidebar's 'Pacientes', back, a link): the box follows.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
  }
  const commitSearch = useEffectEvent((value: string) => onSearchChange(value));

  useEffect(() => {
    if (text === search) return undefined;
    const timer = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <div className="patient-list-toolbar" role="search">
      <InputGroup
        aria-label={m.searchLabel}
        className="patient-list-toolbar__search"
        leftIcon={IconNames.SEARCH}
        onValueChange={setText}
        placeholder={m.searchPlaceholder}
        type="search"
        value={text}
      />
      <HTMLSelect
        aria-label={m.statusFilterLabel}
        onChange={(event) => onStatusChange(event.currentTarget.value as PatientStatus | 'all')}
        options={statusOptions}
        value={status}
      />
    </div>
  );
}
