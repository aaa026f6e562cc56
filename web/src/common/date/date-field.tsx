import type { FieldValues } from 'react-hook-form';
import { ControlledField, type ControlledFieldProps } from '../controlled-field.tsx';
import { commonMessages } from '../messages.ts';
import { DateInput, type DateInputProps } from './date-input.tsx';

export interface DateFieldProps<T extends FieldValues, O>
  extends
    Omit<ControlledFieldProps<T, O>, 'children' | 'labelInfo'>,
    Pick<DateInputProps, 'disabled' | 'min' | 'max'> {
  /** Marks the label '(opcional)'. */
  optional?: boolean;
}

/** A dd/MM/yyyy date (see `DateInput`) bound to a react-hook-form field holding `yyyy-MM-dd`. */
export function DateField<T extends FieldValues, O>({
  disabled,
  min,
  max,
  optional,
  ...field
}: DateFieldProps<T, O>) {
  return (
    <ControlledField {...field} labelInfo={optional ? commonMessages.optional : undefined}>
      {(bound, intent) => (
        <DateInput
          disabled={disabled}
          id={field.id}
          inputRef={bound.ref}
          intent={intent}
          max={max}
          min={min}
          onBlur={bound.onBlur}
          onChange={bound.onChange}
          value={bound.value as string | null | undefined}
        />
      )}
    </ControlledField>
  );
}
