import { FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { HTMLInputTypeAttribute } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { patientsMessages as m } from '../messages.ts';

export interface TextFieldProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** Unique in the page: ties the label to the input (and lets tests find it by label). */
  id: string;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric';
  leftIcon?: IconName;
  optional?: boolean;
  disabled?: boolean;
  /** Rows of a multi-line field; a single-line input when absent. */
  rows?: number;
  /** Shown under the field when it has no error. */
  helperText?: string;
  /** Shown, in the warning colour, when the field has no error (e.g. the AIH check digit). */
  warning?: (value: string) => string | null;
  /** Rewrites what is typed (e.g. the CPF mask). */
  format?: (value: string) => string;
}

/**
 * A text, date or multi-line input bound to react-hook-form, with its label and the first
 * validation message of the field (the contract schema's Portuguese wording).
 */
export function TextField<T extends FieldValues, O extends FieldValues>(props: TextFieldProps<T, O>) {
  const { control, name, label, id, type = 'text', optional, helperText, warning, format, rows } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const notice = fieldState.error ? null : (warning?.(value) ?? null);
        const intent = fieldState.error ? Intent.DANGER : notice ? Intent.WARNING : Intent.NONE;
        const onValueChange = (next: string) => field.onChange(format ? format(next) : next);
        return (
          <FormGroup
            helperText={fieldState.error?.message ?? notice ?? helperText}
            intent={intent}
            label={label}
            labelFor={id}
            labelInfo={optional ? m.optional : undefined}
          >
            {rows ? (
              <TextArea
                disabled={props.disabled}
                fill
                id={id}
                intent={intent}
                maxLength={props.maxLength}
                name={field.name}
                onBlur={field.onBlur}
                onChange={(event) => onValueChange(event.currentTarget.value)}
                placeholder={props.placeholder}
                ref={field.ref}
                rows={rows}
                value={value}
              />
            ) : (
              <InputGroup
                disabled={props.disabled}
                id={id}
                inputMode={props.inputMode}
                inputRef={field.ref}
                intent={intent}
                leftIcon={props.leftIcon}
                maxLength={props.maxLength}
                name={field.name}
                onBlur={field.onBlur}
                onValueChange={onValueChange}
                placeholder={props.placeholder}
                type={type}
                value={value}
              />
            )}
          </FormGroup>
        );
      }}
    />
  );
}
