import {
  clinicToday,
  scheduleBaseDate,
  scheduledDateFor,
  type PatientDetailDto,
  type ProcedureCategory,
  type ProcedureType,
} from '@bari/contracts';
import { Button, Card, Classes, Elevation, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { serverFieldErrors } from '../../../app/server-field-errors.ts';
import { useFocusAfterSubmit } from '../../../common/focus/use-focus-after-submit.ts';
import { useUnsavedWork } from '../../../app/unsaved-work.ts';
import { DateField } from '../../../common/date/date-field.tsx';
import { TextField } from '../../../common/text-field.tsx';
import { formatDate } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { preOperativeDeadline, wrongSideOfSurgery } from '../surgery-side.ts';
import { registrationResolver } from './registration-resolver.ts';
import { procedureOptionGroups } from './procedure-options.ts';
import { ProcedureTypeSelect } from './procedure-type-select.tsx';
import {
  emptyRegistrationForm,
  type RegistrationFormOutput,
  type RegistrationFormValues,
} from './registration-form-values.ts';
import { useRegisterProcedure } from './use-register-procedure.ts';
import './register-procedure-card.css';
import { Heading } from '../../../common/heading.tsx';

const FORM_FIELDS: readonly (keyof RegistrationFormValues)[] = [
  'procedureTypeId',
  'completedDate',
  'location',
  'professionalName',
  'notes',
];

/** What a procedure keeps of its last recording once reopened, offered again in the form. */
const RECORDED_FIELDS = ['location', 'professionalName', 'notes'] as const;

export interface RegisterProcedureCardProps {
  patient: PatientDetailDto;
  types: readonly ProcedureType[];
  /** Recorded: the timeline opens the procedure's category, to show where it went. */
  onRegistered?: (category: ProcedureCategory) => void;
}

/** The right third of the patient page (§2): record a procedure as done. */
export function RegisterProcedureCard({ patient, types, onRegistered }: RegisterProcedureCardProps) {
  const today = clinicToday(new Date());
  const groups = useMemo(() => procedureOptionGroups(patient.procedures, types), [patient.procedures, types]);
  const { register, isRegistering } = useRegisterProcedure(patient, types);
  const options = groups.flatMap((group) => group.options);
  const typeOf = (id: string) => options.find((option) => option.value === id)?.type;
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    setFocus,
    getFieldState,
    formState: { isDirty },
  } = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver: registrationResolver(typeOf, patient.surgeryDate),
    defaultValues: emptyRegistrationForm(today),
  });
  // A lost session meanwhile asks to sign in again over the form rather than leave the page.
  useUnsavedWork(isDirty);
  const focusAfterSave = useFocusAfterSubmit(isRegistering, setFocus);
  const chosenId = useWatch({ control, name: 'procedureTypeId' });
  const chosen = options.find((option) => option.value === chosenId);
  const deadline = chosen ? preOperativeDeadline(chosen.type.phase, patient.surgeryDate, today) : null;
  // A pre-operative procedure of an operated patient was not done today: the date proposed is
  // taken away (unless the nurse typed one), as the timeline's tick asks the day.
  useEffect(() => {
    if (deadline && !getFieldState('completedDate').isDirty) setValue('completedDate', '');
  }, [deadline, getFieldState, setValue]);
  const pending = patient.procedures.find(
    (procedure) => procedure.procedureTypeId === chosenId && procedure.status === 'pending',
  );
  const pendingDate = pending?.scheduledDate;
  // A procedure reopened keeps what was recorded with it (where, by whom, the notes): offered
  // again, so that registering it anew to correct one field does not erase the others (the
  // notes left empty were sent as none, and a nurse's 1,500 characters were gone).
  const location = pending?.location ?? '';
  const professionalName = pending?.professionalName ?? '';
  const notes = pending?.notes ?? '';
  useEffect(() => {
    const recorded = { location, professionalName, notes };
    for (const field of RECORDED_FIELDS) if (!getFieldState(field).isDirty) setValue(field, recorded[field]);
  }, [getFieldState, setValue, location, professionalName, notes]);
  const expected = chosen
    ? (pendingDate ?? scheduledDateFor(chosen.type, scheduleBaseDate(patient), today))
    : null;

  const dateWarning = (value: unknown) =>
    chosen ? wrongSideOfSurgery(chosen.type.phase, patient.surgeryDate, value) : null;

  const onSubmit = async (values: RegistrationFormOutput) => {
    const outcome = await register(values);
    if (outcome.registered) {
      const category = typeOf(values.procedureTypeId)?.category;
      reset(emptyRegistrationForm(today));
      // The fields were disabled while it was sent, and the focus fell to the page: back to the
      // form's first field, for the next one.
      focusAfterSave('procedureTypeId');
      if (category) onRegistered?.(category);
    } else
      for (const [field, message] of serverFieldErrors(outcome.error, FORM_FIELDS))
        setError(field, { message });
  };

  const common = { control, disabled: isRegistering };
  return (
    <Card className="register-procedure-card" elevation={Elevation.ONE}>
      <Heading level={2} look={4} className="register-procedure-card__title">
        {m.registerTitle}
      </Heading>
      <p className={`register-procedure-card__subtitle ${Classes.TEXT_MUTED}`}>{m.registerSubtitle}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <ProcedureTypeSelect
          {...common}
          groups={groups}
          helperText={expected ? m.expectedDate(formatDate(expected)) : undefined}
        />
        <DateField
          {...common}
          id="register-completed-date"
          label={m.completedDateField}
          max={today}
          name="completedDate"
          warning={dateWarning}
        />
        <TextField
          {...common}
          id="register-location"
          label={m.locationLabel}
          name="location"
          placeholder={m.locationPlaceholder}
        />
        <TextField
          {...common}
          id="register-professional"
          label={m.professionalNameLabel}
          name="professionalName"
          placeholder={m.professionalNamePlaceholder}
        />
        <TextField
          {...common}
          id="register-notes"
          label={m.notesLabel}
          name="notes"
          placeholder={m.notesPlaceholder}
          rows={3}
        />
        <Button
          disabled={isRegistering}
          fill
          icon={IconNames.CONFIRM}
          intent={Intent.PRIMARY}
          text={isRegistering ? m.registering : m.register}
          type="submit"
        />
      </form>
    </Card>
  );
}
