import { HTMLSelect } from '@blueprintjs/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ControlledField } from '../../common/controlled-field.tsx';
import { useUsersQuery } from '../users/users-api.ts';
import { userDisplayName } from '../users/user-format.ts';
import { accessKeysMessages as m } from './messages.ts';

export interface UserSelectFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/**
 * The user a new key belongs to ("Keys belong to people"): a bound key signs in only that
 * user; none makes it an invitation. Rejected users are not offered.
 */
export function UserSelectField<T extends FieldValues, O>({
  control,
  name,
  disabled,
}: UserSelectFieldProps<T, O>) {
  const { data: users = [], isLoading } = useUsersQuery();
  const options = users
    .filter((user) => user.status !== 'rejected')
    .toSorted((a, b) => a.email.localeCompare(b.email))
    .map((user) => ({ value: user.id, label: `${user.email} — ${userDisplayName(user)}` }));

  return (
    <ControlledField
      control={control}
      helperText={m.userHelper}
      id="access-key-user"
      label={m.userLabel}
      name={name}
    >
      {(field) => (
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
      )}
    </ControlledField>
  );
}
