import { InputGroup, TextArea, type InputGroupProps } from '@blueprintjs/core';
import type { FieldValues } from 'react-hook-form';
import { ControlledField, type ControlledFieldProps } from './controlled-field.tsx';
import { commonMessages } from './messages.ts';

/** What is handed to the input as it is. */
type InputProps = Pick<
  InputGroupProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'inputMode'
  | 'leftIcon'
  | 'max'
  | 'maxLength'
  | 'min'
  | 'placeholder'
  | 'size'
  | 'type'
>;

export interface TextFieldProps<T extends FieldValues, O>
  extends Omit<ControlledFieldProps<T, O>, 'children' | 'labelInfo' | 'warning'>, InputProps {
  /** Marks the label '(opcional)'. */
  optional?: boolean;
  /** Rows of a multi-line field; a single-line input when absent. */
  rows?: number;
  /** Shown, in the warning colour, when the field has no error (e.g. the AIH check digit). */
  warning?: (value: string) => string | null;
  /** Rewrites what is typed (e.g. the CPF mask). */
  format?: (value: string) => string;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** A text, date or multi-line input bound to a react-hook-form field, with its label and error. */
export function TextField<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  helperText,
  optional,
  rows,
  warning,
  format,
  type = 'text',
  ...input
}: TextFieldProps<T, O>) {
  return (
    <ControlledField
      control={control}
      helperText={helperText}
      id={id}
      label={label}
      labelInfo={optional ? commonMessages.optional : undefined}
      name={name}
      warning={warning && ((value) => warning(asText(value)))}
    >
      {(field, intent) => {
        const onValueChange = (next: string) => field.onChange(format ? format(next) : next);
        return rows ? (
          <TextArea
            autoFocus={input.autoFocus}
            disabled={input.disabled}
            fill
            id={id}
            intent={intent}
            maxLength={input.maxLength}
            name={field.name}
            onBlur={field.onBlur}
            onChange={(event) => onValueChange(event.currentTarget.value)}
            placeholder={input.placeholder}
            // The element itself (`ref` would be Blueprint's component, which cannot be focused):
            // react-hook-form focuses it on an error, and `setFocus` reaches it.
            inputRef={field.ref}
            rows={rows}
            value={asText(field.value)}
          />
        ) : (
          <InputGroup
            {...input}
            id={id}
            inputRef={field.ref}
            intent={intent}
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={onValueChange}
            type={type}
            value={asText(field.value)}
          />
        );
      }}
    </ControlledField>
  );
}
