import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';

export interface ControlledFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Unique in the page: ties the label to the input (and lets tests find it by label). */
  id: string;
  label: string;
  labelInfo?: ReactNode;
  /** Shown under the field when it has neither an error nor a warning. */
  helperText?: string;
  /** Shown, in the warning colour, when the field has no error (e.g. the AIH check digit). */
  warning?: (value: unknown) => string | null;
  /** Rewords the schema's message where the field knows better why it is refused. */
  describeError?: (message: string) => string;
  /** The input, bound to `field` and drawn in `intent` (danger on error, warning on a notice). */
  children: (field: ControllerRenderProps<T, Path<T>>, intent: Intent) => ReactNode;
}

/**
 * A labelled Blueprint form group bound to a react-hook-form field (style.md habit 10): the
 * input its children draw, and under it the field's first validation message (the contract
 * schema's Portuguese wording), else its warning, else its helper text.
 */
export function ControlledField<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  labelInfo,
  helperText,
  warning,
  describeError = (message) => message,
  children,
}: ControlledFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const notice = fieldState.error ? null : (warning?.(field.value) ?? null);
        const intent = fieldState.error ? Intent.DANGER : notice ? Intent.WARNING : Intent.NONE;
        return (
          <FormGroup
            helperText={(error === undefined ? undefined : describeError(error)) ?? notice ?? helperText}
            intent={intent}
            label={label}
            labelFor={id}
            labelInfo={labelInfo}
          >
            {children(field, intent)}
          </FormGroup>
        );
      }}
    />
  );
}
