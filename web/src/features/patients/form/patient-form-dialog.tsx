import type { PatientDetailDto, PatientDto } from '@bari/contracts';
import { Callout, DialogBody, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppDispatch } from '../../../app/hooks.ts';
import { hasCode, messageOrFallback } from '../../../app/http-client.ts';
import { useFocusAfterSubmit } from '../../../common/focus/use-focus-after-submit.ts';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { FormDialogFooter } from '../../../common/form-dialog-footer.tsx';
import { patientsMessages as m } from '../messages.ts';
import { patientsApi } from '../patients-api.ts';
import { patientFormResolver } from './patient-form-resolver.ts';
import { PatientFormFields } from './patient-form-fields.tsx';
import {
  EMPTY_PATIENT_FORM,
  patientToFormValues,
  type PatientFormOutput,
  type PatientFormValues,
} from './patient-form-values.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import { useSavePatient } from './use-save-patient.ts';
import './patient-form-dialog.css';

export interface PatientFormDialogProps {
  /** The patient to edit; a new patient when absent (§2). With its procedures, a new surgery date is checked against them. */
  patient?: PatientDto | PatientDetailDto;
  onClose: () => void;
}

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
  // Why the form was refilled (the server's 409 message), shown above the fields.
  const [notice, setNotice] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const savePatient = useSavePatient(edited);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isSubmitting, isDirty },
  } = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: patientFormResolver,
    defaultValues: patient ? patientToFormValues(patient) : EMPTY_PATIENT_FORM,
  });

  // The field a refusal is about (a nurse who saved from the bottom of the form is taken to the
  // CPF, say).
  const focusAfterSave = useFocusAfterSubmit(isSubmitting, setFocus);

  /**
   * Someone else changed the patient (409): the form is refilled with the patient as it is now,
   * and its version, so that what is saved next is a decision taken on current data.
   */
  const reloadPatient = async (id: string, reason: string) => {
    const current = await dispatch(
      patientsApi.endpoints.getPatient.initiate(id, { forceRefetch: true, subscribe: false }),
    )
      .unwrap()
      .catch(() => undefined);
    if (!current) return;
    reset(patientToFormValues(current));
    setEdited({ id: current.id, version: current.version });
    setNotice(reason);
  };

  const onSubmit = async (values: PatientFormOutput) => {
    try {
      await savePatient(values);
      onClose();
    } catch (error) {
      if (hasCode(error, 'STALE_PATIENT', 'STALE_REVISION') && edited) {
        await reloadPatient(edited.id, messageOrFallback(error, m.updateFailed));
      }
      // A duplicate CPF or CNS, dates out of order: each under its field, the first one focused.
      const refused = serverFieldErrors(error);
      for (const [field, message] of refused) setError(field, { message });
      focusAfterSave(refused[0]?.[0] ?? null);
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
