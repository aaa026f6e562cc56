import { clinicToday, isClinicalDate } from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { showToast } from '../../../app/toaster.tsx';
import { DateInput } from '../../../common/date/date-input.tsx';
import { preOperativeDeadline } from '../surgery-side.ts';
import { completedDateProblem, type SurgerySide } from './completed-date-check.ts';

export interface CompletedDateInputProps {
  label: string;
  /** The stored completion date; null while the procedure is pending. */
  savedDate: string | null;
  /** Only a completed procedure has a date to change (§4). */
  enabled: boolean;
  busy: boolean;
  /** Saves a new date; resolves to whether the server took it. */
  onSave: (date: string) => Promise<boolean>;
  /** The side of the surgery the date must fall on (the calendar stops at a pre-operative one's). */
  side: SurgerySide;
}

/**
 * A completion date, typed dd/MM/yyyy or picked in the calendar: what is typed stays here and
 * is saved only on Enter or blur, when it is a valid date that differs from the stored one; a
 * day picked in the calendar is saved at once. A whole date that is no day, is in the future or
 * falls on the wrong side of the surgery turns the field red; Enter says why and keeps it for
 * correcting, leaving the field says why and puts the stored date back. A date the server
 * refused is not sent again. The input is never disabled nor remounted while it has the focus.
 */
export function CompletedDateInput({
  label,
  savedDate,
  enabled,
  busy,
  onSave,
  side,
}: CompletedDateInputProps) {
  // What the user typed; null shows the stored date.
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const focusedRef = useRef(false);
  const [shownSaved, setShownSaved] = useState(savedDate);
  // The date sent last and the stored date it replaced: Enter then blur must not save twice
  // while the refetched procedure is on its way.
  const submitted = useRef<{ date: string; over: string | null } | null>(null);
  // The date the server refused last, over the stored date it was to replace.
  const refused = useRef<{ date: string; over: string | null } | null>(null);

  // A new stored date (ours, refetched, or someone else's) replaces a draft no one is editing.
  if (savedDate !== shownSaved) {
    setShownSaved(savedDate);
    if (!focused) setDraft(null);
  }

  const today = clinicToday(new Date());
  const problem = completedDateProblem(draft, today, side);

  const isRefused = (date: string | null) =>
    refused.current?.date === date && refused.current.over === savedDate;

  const commit = async (date: string | null = draft) => {
    if (date === null || !isClinicalDate(date) || date === savedDate || isRefused(date)) return;
    if (submitted.current?.date === date && submitted.current.over === savedDate) return;
    submitted.current = { date, over: savedDate };
    const saved = await onSave(date);
    if (saved) return;
    // Refused (the toast says why): not sent again by the blur; back to the stored date
    // unless the user is typing again.
    submitted.current = null;
    refused.current = { date, over: savedDate };
    if (!focusedRef.current) setDraft(null);
  };

  const warn = (message: string) => showToast({ title: message, intent: Intent.WARNING });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (problem) warn(problem);
    else void commit();
  };

  const setFocus = (value: boolean) => {
    focusedRef.current = value;
    setFocused(value);
  };

  return (
    <DateInput
      ariaBusy={busy}
      ariaLabel={label}
      className="procedure-row__date"
      disabled={!enabled && !focused}
      id={`completed-date-${label}`}
      max={preOperativeDeadline(side.phase, side.surgeryDate, today) ?? today}
      intent={problem ? Intent.DANGER : Intent.NONE}
      onBlur={() => {
        setFocus(false);
        if (problem) warn(problem);
        if (problem || isRefused(draft) || draft === null || !isClinicalDate(draft) || draft === savedDate)
          setDraft(null);
        else void commit();
      }}
      onChange={setDraft}
      onFocus={() => {
        setFocus(true);
        setDraft((current) => current ?? savedDate ?? '');
      }}
      onKeyDown={onKeyDown}
      onPick={(date) => void commit(date)}
      small
      value={draft ?? savedDate ?? ''}
    />
  );
}
