import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { Controller, type Control } from 'react-hook-form';
import { proceduresMessages as m } from '../messages.ts';
import type { ProcedureOptionGroup } from './procedure-options.ts';
import type { RegistrationFormOutput, RegistrationFormValues } from './registration-form-values.ts';

export interface ProcedureTypeSelectProps {
  control: Control<RegistrationFormValues, unknown, RegistrationFormOutput>;
  groups: readonly ProcedureOptionGroup[];
  disabled: boolean;
  /** Under the select when it has no error (the chosen procedure's expected date). */
  helperText?: string;
}

/** 'Tipo de Procedimento': a native select whose option groups are the four of §2. */
export function ProcedureTypeSelect({ control, groups, disabled, helperText }: ProcedureTypeSelectProps) {
  return (
    <Controller
      control={control}
      name="procedureTypeId"
      render={({ field, fieldState }) => (
        <FormGroup
          helperText={fieldState.error?.message ?? helperText}
          intent={fieldState.error ? Intent.DANGER : Intent.NONE}
          label={m.procedureTypeLabel}
          labelFor="register-procedure-type"
        >
          <HTMLSelect
            disabled={disabled}
            fill
            id="register-procedure-type"
            name={field.name}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
          >
            <option value="">{m.procedureTypePlaceholder}</option>
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    />
  );
}
