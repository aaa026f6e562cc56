import { isClinicalDate } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { DateInput } from './date-input.tsx';

export interface FilterDateInputProps {
  id: string;
  /** `yyyy-MM-dd`, or '' for no date. */
  value: string;
  /** Called with a whole date or '' only: a filter never runs on half a date. */
  onChange: (value: string) => void;
  /**
   * Told when what is typed stops or starts being a date the filter cannot use: a whole
   * dd/mm/aaaa that names no day (31/02/2026), or half a date left behind (on blur).
   */
  onInvalidChange?: (invalid: boolean) => void;
  intent?: Intent;
  min?: string;
  max?: string;
}

/** Typed text that is not a date: whole (10 characters) or left, yet no real day. */
const isInvalidDraft = (draft: string | null, left: boolean): boolean =>
  draft !== null && draft !== '' && !isClinicalDate(draft) && (draft.length === 10 || left);

/**
 * A filter's optional date (reports, audit log), typed dd/mm/aaaa as in every other date field
 * of the app: the browser's own date input showed mm/dd/yyyy in an English browser. What is
 * typed stays here until it is a date (or emptied).
 */
export function FilterDateInput({
  id,
  value,
  onChange,
  onInvalidChange,
  intent,
  min,
  max,
}: FilterDateInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  // The filter changed elsewhere (cleared, or a date picked): show it, not a stale draft.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(null);
  }
  const invalid = isInvalidDraft(draft, left);
  const tell = useEffectEvent((next: boolean) => onInvalidChange?.(next));
  useEffect(() => tell(invalid), [invalid]);
  return (
    <DateInput
      id={id}
      intent={intent ?? (invalid ? Intent.DANGER : Intent.NONE)}
      max={max}
      min={min}
      onBlur={() => setLeft(true)}
      onChange={(text) => {
        setDraft(text);
        setLeft(false);
        if (text === '' || isClinicalDate(text)) onChange(text);
      }}
      value={draft ?? value}
    />
  );
}
