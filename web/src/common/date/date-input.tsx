import { Button, ButtonVariant, InputGroup, Intent, Popover, Spinner, SpinnerSize } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { addYears } from 'date-fns';
import { lazy, Suspense, useState, type KeyboardEvent, type Ref } from 'react';
import { commonMessages as m } from '../messages.ts';
import { dateToIso, isoToDate, isoToDisplay, maskDateText, typedToFormValue } from './date-text.ts';

const Calendar = lazy(() => import('./calendar.tsx'));

export interface DateInputProps {
  id: string;
  /** `yyyy-MM-dd`, '' or the text being typed (see date-text.ts). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  intent?: Intent;
  disabled?: boolean;
  /** The calendar's first and last months (`yyyy-MM-dd`); typing is not limited by them. */
  min?: string;
  max?: string;
  /** For a field without a visible label (e.g. a procedure row's completion date). */
  ariaLabel?: string;
  className?: string;
}

/**
 * The app's one date input: typed as dd/MM/yyyy (digits are enough, the slashes come by
 * themselves) whatever the browser's language, with a calendar in a popover. The calendar
 * button stays out of the Tab order: from the keyboard one types the date, or opens the
 * calendar with Alt+↓.
 */
export function DateInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  intent = Intent.NONE,
  disabled,
  min,
  max,
  ariaLabel,
  className,
}: DateInputProps) {
  const [open, setOpen] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  };
  const calendar = (
    <Popover
      content={
        <Suspense fallback={<Spinner className="date-input__loading" size={SpinnerSize.SMALL} />}>
          <Calendar
            endMonth={isoToDate(max) ?? addYears(new Date(), 5)}
            onSelect={(date) => {
              onChange(dateToIso(date));
              setOpen(false);
            }}
            selected={isoToDate(value)}
            startMonth={isoToDate(min) ?? new Date(1990, 0)}
          />
        </Suspense>
      }
      disabled={disabled}
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
    >
      <Button
        aria-label={m.openCalendar}
        disabled={disabled}
        icon={IconNames.CALENDAR}
        tabIndex={-1}
        variant={ButtonVariant.MINIMAL}
      />
    </Popover>
  );
  return (
    <InputGroup
      aria-label={ariaLabel}
      autoComplete="off"
      className={className}
      disabled={disabled}
      id={id}
      inputMode="numeric"
      inputRef={inputRef}
      intent={intent}
      maxLength={10}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onValueChange={(text) => onChange(typedToFormValue(maskDateText(text)))}
      placeholder={m.datePlaceholder}
      rightElement={calendar}
      value={isoToDisplay(value)}
    />
  );
}
