import { isClinicalDate } from '@bari/contracts';
import { useState } from 'react';
import { DateInput } from './date-input.tsx';

export interface FilterDateInputProps {
  id: string;
  /** `yyyy-MM-dd`, or '' for no date. */
  value: string;
  /** Called with a whole date or '' only: a filter never runs on half a date. */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}

/**
 * A filter's optional date (reports, audit log), typed dd/mm/aaaa as in every other date field
 * of the app: the browser's own date input showed mm/dd/yyyy in an English browser. What is
 * typed stays here until it is a date (or emptied).
 */
export function FilterDateInput({ id, value, onChange, min, max }: FilterDateInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // The filter changed elsewhere (cleared, or a date picked): show it, not a stale draft.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(null);
  }
  return (
    <DateInput
      id={id}
      max={max}
      min={min}
      onChange={(text) => {
        setDraft(text);
        if (text === '' || isClinicalDate(text)) onChange(text);
      }}
      value={draft ?? value}
    />
  );
}
