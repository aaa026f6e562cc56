import {
  AIH_LENGTH,
  aihCheckDigitWarning,
  CNS_INPUT_MAX_LENGTH,
  CPF_MASKED_LENGTH,
  maskCpf,
  type PatientProcedureDto,
} from '@bari/contracts';
import { IconNames } from '@blueprintjs/icons';
import type { Control } from 'react-hook-form';
import { DateField } from '../../../common/date/date-field.tsx';
import { TextField } from '../../../common/text-field.tsx';
import { patientsMessages as m } from '../messages.ts';
import { farAdmissionWarning } from './admission-date-warning.ts';
import { MunicipalityField } from './municipality-field.tsx';
import { surgeryMoveWarning } from './surgery-move-warning.ts';
import { useIdentifierInUseWarning } from './use-identifier-in-use.ts';
import type { PatientFormOutput, PatientFormValues } from './patient-form-values.ts';
import { Heading } from '../../../common/heading.tsx';

export interface PatientFormFieldsProps {
  control: Control<PatientFormValues, unknown, PatientFormOutput>;
  disabled: boolean;
  /** The patient being edited (its own CPF and CNS are not another's). */
  patientId?: string;
  /** Its CPF and CNS as recorded: not looked up while unchanged (a lookup is an audited search). */
  own?: { readonly cpf: string | null; readonly cns: string | null };
  /** The edited patient's surgery date and procedures, as recorded: what a new date would misplace. */
  recorded?: { surgeryDate: string | null; procedures: readonly PatientProcedureDto[] };
}

/** The patient form's fields (§3, §5 and 'Data da Cirurgia'), in three groups. */
export function PatientFormFields({ control, disabled, patientId, own, recorded }: PatientFormFieldsProps) {
  const common = { control, disabled };
  const cpfInUse = useIdentifierInUseWarning(control, patientId, 'cpf', own?.cpf);
  const cnsInUse = useIdentifierInUseWarning(control, patientId, 'cns', own?.cns);
  return (
    <>
      <fieldset className="patient-form__group">
        <Heading level={3} look={6} className="patient-form__legend">
          {m.sectionIdentification}
        </Heading>
        <TextField
          {...common}
          // The first field has the focus when the dialog opens (issue 11).
          autoFocus
          id="patient-name"
          label={m.nameLabel}
          name="name"
          placeholder={m.namePlaceholder}
        />
        <div className="patient-form__row">
          <TextField
            {...common}
            format={maskCpf}
            id="patient-cpf"
            inputMode="numeric"
            label={m.cpfLabel}
            maxLength={CPF_MASKED_LENGTH}
            name="cpf"
            placeholder={m.cpfPlaceholder}
            warning={cpfInUse}
          />
          <TextField
            {...common}
            id="patient-cns"
            inputMode="numeric"
            label={m.cnsLabel}
            maxLength={CNS_INPUT_MAX_LENGTH}
            name="cns"
            optional
            placeholder={m.cnsPlaceholder}
            warning={cnsInUse}
          />
        </div>
        <MunicipalityField control={control} disabled={disabled} id="patient-municipality" />
      </fieldset>

      <fieldset className="patient-form__group">
        <Heading level={3} look={6} className="patient-form__legend">
          {m.sectionHospitalization}
        </Heading>
        <div className="patient-form__row patient-form__row--three">
          <DateField
            {...common}
            id="patient-admission-date"
            label={m.admissionDateLabel}
            name="admissionDate"
            warning={farAdmissionWarning}
          />
          <DateField
            {...common}
            helperText={m.surgeryDateHelper}
            id="patient-surgery-date"
            label={m.surgeryDateLabel}
            name="surgeryDate"
            optional
            warning={
              recorded
                ? (value) => surgeryMoveWarning(value, recorded.surgeryDate, recorded.procedures)
                : undefined
            }
          />
          <DateField
            {...common}
            id="patient-discharge-date"
            label={m.dischargeDateLabel}
            name="dischargeDate"
            optional
          />
        </div>
        <div className="patient-form__row">
          <TextField
            {...common}
            id="patient-surgery-location"
            label={m.surgeryLocationLabel}
            leftIcon={IconNames.OFFICE}
            name="surgeryLocation"
            placeholder={m.surgeryLocationPlaceholder}
          />
          <TextField {...common} id="patient-surgeon-name" label={m.surgeonNameLabel} name="surgeonName" />
        </div>
      </fieldset>

      <fieldset className="patient-form__group">
        <Heading level={3} look={6} className="patient-form__legend">
          {m.sectionRegulation}
        </Heading>
        <div className="patient-form__row">
          <TextField
            {...common}
            id="patient-aih-number"
            inputMode="numeric"
            label={m.aihNumberLabel}
            maxLength={AIH_LENGTH}
            name="aihNumber"
            optional
            placeholder={m.aihNumberPlaceholder}
            warning={aihCheckDigitWarning}
          />
          <TextField
            {...common}
            id="patient-sisreg-code"
            inputMode="numeric"
            label={m.sisregCodeLabel}
            maxLength={12}
            name="sisregCode"
            optional
            placeholder={m.sisregCodePlaceholder}
          />
        </div>
        <TextField {...common} id="patient-notes" label={m.notesLabel} name="notes" optional rows={3} />
      </fieldset>
    </>
  );
}
