import { Button, ButtonVariant, InputGroup, Intent, PopoverNext, SpinnerSize } from '@blueprintjs/core';
import { AppSpinner } from '../app-spinner.tsx';
import { IconNames } from '@blueprintjs/icons';
import { lazy, Suspense, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { loadChunk } from '../load-chunk.ts';
import { commonMessages as m } from '../messages.ts';
import { dateToIso, isoToDate, isoToDisplay, maskDateText, typedToFormValue } from './date-text.ts';

const Calendar = lazy(() => loadChunk(() => import('./calendar.tsx')));

export interface DateInputProps {
  id: string;
  /** `yyyy-MM-dd`, '' or the text being typed (see date-text.ts). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** A day picked in the calendar (after `onChange`): for inputs that save on Enter or blur. */
  onPick?: (isoDate: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Focused when mounted (a dialog that asks only this date). */
  autoFocus?: boolean;
  intent?: Intent;
  disabled?: boolean;
  /** The calendar's first and last months (`yyyy-MM-dd`); typing is not limited by them. */
  min?: string;
  max?: string;
  /** For a field without a visible label (e.g. a procedure row's completion date). */
  ariaLabel?: string;
  ariaBusy?: boolean;
  className?: string;
  small?: boolean;
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
  onPick,
  onBlur,
  onFocus,
  onKeyDown: onOtherKey,
  inputRef,
  autoFocus,
  intent = Intent.NONE,
  disabled,
  min,
  max,
  ariaLabel,
  ariaBusy,
  className,
  small,
}: DateInputProps) {
  const [open, setOpen] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      return;
    }
    onOtherKey?.(event);
  };
  const calendar = (
    <PopoverNext
      content={
        <Suspense fallback={<AppSpinner className="date-input__loading" size={SpinnerSize.SMALL} />}>
          <Calendar
            endMonth={isoToDate(max) ?? new Date(new Date().getFullYear() + 5, 11)}
            onSelect={(date) => {
              onChange(dateToIso(date));
              onPick?.(dateToIso(date));
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
        size={small ? 'small' : 'medium'}
        tabIndex={-1}
        variant={ButtonVariant.MINIMAL}
      />
    </PopoverNext>
  );
  return (
    <InputGroup
      aria-busy={ariaBusy}
      aria-label={ariaLabel}
      autoComplete="off"
      autoFocus={autoFocus}
      className={className}
      disabled={disabled}
      id={id}
      inputMode="numeric"
      inputRef={inputRef}
      intent={intent}
      maxLength={10}
      onBlur={onBlur}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onValueChange={(text) => onChange(typedToFormValue(maskDateText(text)))}
      placeholder={m.datePlaceholder}
      rightElement={calendar}
      size={small ? 'small' : 'medium'}
      value={isoToDisplay(value)}
    />
  );
}
