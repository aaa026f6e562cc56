import { HTMLSelect } from '@blueprintjs/core';
import type { Control } from 'react-hook-form';
import { ControlledField } from '../../../common/controlled-field.tsx';
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
    <ControlledField
      control={control}
      helperText={helperText}
      id="register-procedure-type"
      label={m.procedureTypeLabel}
      name="procedureTypeId"
    >
      {(field) => (
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
      )}
    </ControlledField>
  );
}
