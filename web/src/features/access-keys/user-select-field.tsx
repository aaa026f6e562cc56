import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useUsersQuery } from '../users/users-api.ts';
import { userDisplayName } from '../users/user-format.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface UserSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/**
 * The user a new key belongs to ("Keys belong to people"): a bound key signs in only that
 * user; none makes it an invitation. Rejected users are not offered.
 */
export function UserSelectField<T extends FieldValues>({ control, name, disabled }: UserSelectFieldProps<T>) {
  const { data: users = [], isLoading } = useUsersQuery();
  const options = users
    .filter((user) => user.status !== 'rejected')
    .toSorted((a, b) => a.email.localeCompare(b.email))
    .map((user) => ({ value: user.id, label: `${user.email} — ${userDisplayName(user)}` }));

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup
          helperText={fieldState.error?.message ?? m.userHelper}
          intent={fieldState.error ? Intent.DANGER : Intent.NONE}
          label={m.userLabel}
          labelFor="access-key-user"
        >
          <HTMLSelect
            disabled={disabled || isLoading}
            fill
            id="access-key-user"
            name={field.name}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            options={[{ value: '', label: m.noUser }, ...options]}
            ref={field.ref}
            value={(field.value as string | null | undefined) ?? ''}
          />
        </FormGroup>
      )}
    />
  );
}
