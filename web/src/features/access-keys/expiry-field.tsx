import { identityErrorMessages } from '@bari/contracts';
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from '../../common/date/date-input.tsx';
import { commonMessages } from '../../common/messages.ts';
import { expiryFromParts, expiryParts, isPastExpiry, localToday, maskTime } from './access-key-format.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface ExpiryFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/**
 * The optional expiry: a day (dd/MM/yyyy, with a calendar) and a time (HH:mm, local; the end of
 * the day when left empty), held in the form as the ISO instant with offset the contract
 * validates ('' when none). An expiry already past is marked on the field as it is typed.
 */
export function ExpiryField<T extends FieldValues, O>({ control, name, disabled }: ExpiryFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ExpiryInputs
          disabled={disabled}
          error={fieldState.error?.message}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={field.onChange}
          value={field.value as string | null | undefined}
        />
      )}
    />
  );
}

interface ExpiryInputsProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error: string | undefined;
  disabled?: boolean;
}

function ExpiryInputs({ value, onChange, onBlur, inputRef, error, disabled }: ExpiryInputsProps) {
  // The typed parts; the form holds what they make together (see expiryFromParts).
  const [parts, setParts] = useState(() => expiryParts(value));
  const update = (next: { day: string; time: string }) => {
    setParts(next);
    onChange(expiryFromParts(next.day, next.time));
  };
  const past = !error && isPastExpiry(value, new Date());
  const intent = error || past ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup
      helperText={error ?? (past ? identityErrorMessages.accessKeyExpiryInPast : m.expiryHelper)}
      intent={intent}
      label={m.expiresAtLabel}
      labelFor="access-key-expires-at"
    >
      <div className="expiry-field">
        <DateInput
          disabled={disabled}
          id="access-key-expires-at"
          inputRef={inputRef}
          intent={intent}
          min={localToday(new Date())}
          onBlur={onBlur}
          onChange={(day) => update({ ...parts, day })}
          value={parts.day}
        />
        <InputGroup
          aria-label={m.expiryTimeLabel}
          autoComplete="off"
          className="expiry-field__time"
          disabled={disabled}
          inputMode="numeric"
          intent={intent}
          leftIcon={IconNames.TIME}
          maxLength={5}
          onBlur={onBlur}
          onValueChange={(time) => update({ ...parts, time: maskTime(time) })}
          placeholder={commonMessages.timePlaceholder}
          value={parts.time}
        />
      </div>
    </FormGroup>
  );
}
