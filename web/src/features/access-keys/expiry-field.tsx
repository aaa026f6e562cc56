import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { isoToLocalInput, localInputToIso } from './access-key-format.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface ExpiryFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/**
 * The optional expiry: a date-time picked in local time, held in the form as the ISO instant
 * with offset the contract validates ('' when none).
 */
export function ExpiryField<T extends FieldValues>({ control, name, disabled }: ExpiryFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup
          helperText={fieldState.error?.message}
          intent={fieldState.error ? Intent.DANGER : Intent.NONE}
          label={m.expiresAtLabel}
          labelFor="access-key-expires-at"
        >
          <InputGroup
            disabled={disabled}
            id="access-key-expires-at"
            inputRef={field.ref}
            intent={fieldState.error ? Intent.DANGER : Intent.NONE}
            leftIcon={IconNames.CALENDAR}
            min={isoToLocalInput(new Date().toISOString())}
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={(value) => field.onChange(localInputToIso(value))}
            type="datetime-local"
            value={isoToLocalInput(field.value as string | null | undefined)}
          />
        </FormGroup>
      )}
    />
  );
}
