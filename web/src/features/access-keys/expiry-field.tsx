import { InputGroup } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ControlledField } from '../../common/controlled-field.tsx';
import { isoToLocalInput, localInputToIso } from './access-key-format.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface ExpiryFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/**
 * The optional expiry: a date-time picked in local time, held in the form as the ISO instant
 * with offset the contract validates ('' when none).
 */
export function ExpiryField<T extends FieldValues, O>({ control, name, disabled }: ExpiryFieldProps<T, O>) {
  return (
    <ControlledField control={control} id="access-key-expires-at" label={m.expiresAtLabel} name={name}>
      {(field, intent) => (
        <InputGroup
          disabled={disabled}
          id="access-key-expires-at"
          inputRef={field.ref}
          intent={intent}
          leftIcon={IconNames.CALENDAR}
          min={isoToLocalInput(new Date().toISOString())}
          name={field.name}
          onBlur={field.onBlur}
          onValueChange={(value) => field.onChange(localInputToIso(value))}
          type="datetime-local"
          value={isoToLocalInput(field.value as string | null | undefined)}
        />
      )}
    </ControlledField>
  );
}
