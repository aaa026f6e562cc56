import { DeletePatientBodySchema, type DeletePatientBody, type PatientDto } from '@bari/contracts';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { hasCode, messageOrFallback } from '../../../app/http-client.ts';
import { showToast } from '../../../app/toaster.tsx';
import { useFocusAfterSubmit } from '../../../common/focus/use-focus-after-submit.ts';
import { useFocusBackToOpener } from '../../../common/focus/use-focus-back-to-opener.ts';
import { useDiscardGuard } from '../../../common/discard-guard.tsx';
import { useUnsavedWork } from '../../../app/unsaved-work.ts';
import { AppDialog } from '../../../common/app-dialog.tsx';
import { commonMessages } from '../../../common/messages.ts';
import { TextField } from '../../../common/text-field.tsx';
import { failureDescription } from '../format.ts';
import { patientsMessages as m } from '../messages.ts';
import { useDeletePatientMutation } from '../patients-api.ts';

export interface DeletePatientDialogProps {
  patient: PatientDto;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * 'Confirmar Exclusão' (§2): a click outside does not close it. Sends the version the page
 * shows, so a patient someone else changed meanwhile is not deleted unseen (409). Beyond §2,
 * it asks why ('Motivo da exclusão', the contract's `DeletePatientBodySchema`): Excluir with
 * no acceptable reason says so under the field and puts the focus there, as does the server's
 * own refusal (`DELETION_REASON_INVALID`). A reason typed is kept from a stray Escape or
 * 'Cancelar' ('Descartar alterações?').
 */
export function DeletePatientDialog({ patient, onClose, onDeleted }: DeletePatientDialogProps) {
  const [deletePatient, { isLoading }] = useDeletePatientMutation();
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(DeletePatientBodySchema), defaultValues: { reason: '' } });
  // A reason typed is not lost to a stray Escape or 'Cancelar': closing asks first.
  const { requestClose, confirmation } = useDiscardGuard(isDirty, onClose);
  // A reason typed is not lost to a session ending meanwhile either ('Sessão encerrada').
  useUnsavedWork(isDirty);
  const refocus = useFocusAfterSubmit(isSubmitting, setFocus);
  // Cancelled, it gives the focus back to 'Excluir' (it fell to the page's start).
  useFocusBackToOpener();
  const busy = isLoading || isSubmitting;

  // The buttons stay enabled while deleting (a disabled button drops the focus): repeats are ignored.
  const inFlight = useRef(false);
  const cancel = () => {
    if (!inFlight.current) requestClose();
  };

  const confirm = async ({ reason }: DeletePatientBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await deletePatient({ id: patient.id, version: patient.version, reason }).unwrap();
      showToast({ title: m.deletedTitle, description: m.deleted, intent: Intent.SUCCESS });
      onDeleted();
    } catch (error) {
      if (hasCode(error, 'DELETION_REASON_INVALID')) {
        setError('reason', { message: messageOrFallback(error, m.deleteFailed) });
        refocus('reason');
        return;
      }
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.deleteFailed) });
      onClose();
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <AppDialog
        canEscapeKeyClose={!busy}
        canOutsideClickClose={false}
        icon={IconNames.TRASH}
        isCloseButtonShown={!busy}
        isOpen
        onClose={cancel}
        role="alertdialog"
        title={m.deleteTitle}
      >
        <form noValidate onSubmit={(event) => void handleSubmit(confirm)(event)}>
          <DialogBody>
            <p>{m.deleteText(patient.name)}</p>
            <TextField
              autoFocus
              control={control}
              disabled={busy}
              helperText={m.deleteReasonHelper}
              id="delete-patient-reason"
              label={m.deleteReasonLabel}
              name="reason"
              placeholder={m.deleteReasonPlaceholder}
              rows={3}
            />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button aria-disabled={busy} onClick={cancel} text={commonMessages.cancel} />
                <Button
                  aria-busy={busy}
                  icon={IconNames.TRASH}
                  intent={Intent.DANGER}
                  text={busy ? m.deleting : m.delete}
                  type="submit"
                />
              </>
            }
          />
        </form>
      </AppDialog>
      {confirmation}
    </>
  );
}
