import type { PatientDetailDto, PatientDto } from '@bari/contracts';
import { Callout, DialogBody, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppDispatch } from '../../../app/hooks.ts';
import { messageOrFallback } from '../../../app/http-client.ts';
import { useFocusAfterSubmit } from '../../../common/focus/use-focus-after-submit.ts';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { FormDialogFooter } from '../../../common/form-dialog-footer.tsx';
import { patientsMessages as m } from '../messages.ts';
import { patientsApi } from '../patients-api.ts';
import { patientFormResolver } from './patient-form-resolver.ts';
import { PatientFormFields } from './patient-form-fields.tsx';
import {
  EMPTY_PATIENT_FORM,
  mergeAfterConflict,
  patientToFormValues,
  sameFormValue,
  type PatientFormField,
  type PatientFormOutput,
  type PatientFormValues,
} from './patient-form-values.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import { isStaleSave, useSavePatient } from './use-save-patient.ts';
import './patient-form-dialog.css';

export interface PatientFormDialogProps {
  /** The patient to edit; a new patient when absent (§2). With its procedures, a new surgery date is checked against them. */
  patient?: PatientDto | PatientDetailDto;
  onClose: () => void;
}

/** The form's labels, to name the fields a conflict showed the other person's value in. */
const FIELD_LABELS: Record<PatientFormField, string> = {
  name: m.nameLabel,
  cpf: m.cpfLabel,
  cns: m.cnsLabel,
  municipality: m.municipalityLabel,
  admissionDate: m.admissionDateLabel,
  dischargeDate: m.dischargeDateLabel,
  surgeryDate: m.surgeryDateLabel,
  surgeryLocation: m.surgeryLocationLabel,
  surgeonName: m.surgeonNameLabel,
  aihNumber: m.aihNumberLabel,
  sisregCode: m.sisregCodeLabel,
  notes: m.notesLabel,
};

const conflictNotice = (overwritten: readonly PatientFormField[]): string =>
  overwritten.length === 0
    ? m.changedMeanwhile
    : m.changedMeanwhileBoth(overwritten.map((field) => FIELD_LABELS[field]));

/**
 * 'Novo Paciente' / 'Editar Paciente': the contract's `PatientFormSchema` validates on the
 * client exactly as the server will. Mounted only while open (style.md).
 */
export function PatientFormDialog({ patient, onClose }: PatientFormDialogProps) {
  // The version the form was filled from: a refetch behind the open dialog must not let a
  // second click overwrite changes the form has never shown.
  const [edited, setEdited] = useState(() =>
    patient ? { id: patient.id, version: patient.version } : undefined,
  );
  // The patient as the form was last filled from it: what the nurse's changes are measured from.
  const filledFrom = useRef(patient ? patientToFormValues(patient) : undefined);
  // Why the form was refilled (the server's 409 message), shown above the fields.
  const [notice, setNotice] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const savePatient = useSavePatient(edited);
  const {
    control,
    handleSubmit,
    getValues,
    reset,
    setError,
    setFocus,
    setValue,
    formState: { isSubmitting, isDirty },
  } = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: patientFormResolver,
    defaultValues: patient ? patientToFormValues(patient) : EMPTY_PATIENT_FORM,
  });

  // The field a refusal is about (a nurse who saved from the bottom of the form is taken to the
  // CPF, say).
  const focusAfterSave = useFocusAfterSubmit(isSubmitting, setFocus);

  /**
   * Someone else changed the patient since the form was filled (409): it is read again and the
   * form stands on it (its version), the nurse's own changes kept (`mergeAfterConflict`).
   * Answers the version to save on, and whether the other person changed a field of the form;
   * undefined when the patient could not be read (the server's message is shown instead).
   */
  const takeCurrentPatient = async (id: string, refusal: unknown) => {
    const current = await dispatch(
      patientsApi.endpoints.getPatient.initiate(id, { forceRefetch: true, subscribe: false }),
    )
      .unwrap()
      .catch(() => undefined);
    if (!current) {
      setNotice(messageOrFallback(refusal, m.updateFailed));
      return undefined;
    }
    const theirs = patientToFormValues(current);
    const merge = mergeAfterConflict(filledFrom.current ?? theirs, getValues(), theirs);
    filledFrom.current = theirs;
    setEdited({ id: current.id, version: current.version });
    if (merge.othersChanged) {
      // The current patient as the form's starting point, the nurse's changes on top (still unsaved).
      reset(theirs);
      for (const field of Object.keys(merge.values) as PatientFormField[]) {
        if (!sameFormValue(merge.values[field], theirs[field]))
          setValue(field, merge.values[field], { shouldDirty: true });
      }
      setNotice(conflictNotice(merge.overwritten));
    }
    return { version: current.version, othersChanged: merge.othersChanged };
  };

  const onSubmit = async (values: PatientFormOutput) => {
    let version: number | undefined;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await savePatient(values, version);
        onClose();
        return;
      } catch (error) {
        if (isStaleSave(error) && edited) {
          const taken = await takeCurrentPatient(edited.id, error);
          // Only its procedures moved (a colleague ticked an exam): the nurse's save is sent again
          // on the current version, once; otherwise she sees what changed and saves again.
          if (taken && !taken.othersChanged && attempt === 1) {
            version = taken.version;
            continue;
          }
          if (taken && !taken.othersChanged) setNotice(conflictNotice([]));
          return;
        }
        // A duplicate CPF or CNS, dates out of order: each under its field, the first one focused.
        const refused = serverFieldErrors(error);
        for (const [field, message] of refused) setError(field, { message });
        focusAfterSave(refused[0]?.[0] ?? null);
        return;
      }
    }
  };

  const editing = patient !== undefined;
  const submitText = editing ? (isSubmitting ? m.saving : m.save) : isSubmitting ? m.creating : m.create;
  return (
    <FormDialog
      busy={isSubmitting}
      className="patient-form-dialog"
      dirty={isDirty}
      icon={editing ? IconNames.EDIT : IconNames.NEW_PERSON}
      onClose={onClose}
      title={editing ? m.editPatientTitle : m.newPatientTitle}
    >
      {(requestClose) => (
        <form className="patient-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <DialogBody useOverflowScrollContainer>
            {notice ? (
              <Callout className="patient-form__notice" intent={Intent.WARNING} role="status">
                {notice}
              </Callout>
            ) : null}
            <PatientFormFields
              control={control}
              disabled={isSubmitting}
              patientId={edited?.id}
              own={patient ? { cpf: patient.cpf, cns: patient.cns } : undefined}
              recorded={
                patient && 'procedures' in patient
                  ? { surgeryDate: patient.surgeryDate, procedures: patient.procedures }
                  : undefined
              }
            />
          </DialogBody>
          <FormDialogFooter
            busy={isSubmitting}
            onCancel={requestClose}
            submit={{ disabled: isSubmitting, icon: IconNames.FLOPPY_DISK, text: submitText }}
          />
        </form>
      )}
    </FormDialog>
  );
}
