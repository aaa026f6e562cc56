import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email';
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}

/** A labelled Blueprint text input bound to a react-hook-form field, with its error below. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  disabled,
  autoFocus,
  placeholder,
}: TextFieldProps<T>) {
  const id = `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup
          helperText={fieldState.error?.message}
          intent={fieldState.error ? Intent.DANGER : Intent.NONE}
          label={label}
          labelFor={id}
        >
          <InputGroup
            autoFocus={autoFocus}
            disabled={disabled}
            id={id}
            inputRef={field.ref}
            intent={fieldState.error ? Intent.DANGER : Intent.NONE}
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={field.onChange}
            placeholder={placeholder}
            type={type}
            value={(field.value as string | undefined) ?? ''}
          />
        </FormGroup>
      )}
    />
  );
}
