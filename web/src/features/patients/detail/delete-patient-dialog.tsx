import type { PatientDto } from '@bari/contracts';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useRef } from 'react';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { showToast } from '../../../app/toaster.tsx';
import { commonMessages } from '../../../common/messages.ts';
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
 * shows, so a patient someone else changed meanwhile is not deleted unseen (409).
 */
export function DeletePatientDialog({ patient, onClose, onDeleted }: DeletePatientDialogProps) {
  const [deletePatient, { isLoading }] = useDeletePatientMutation();

  // The buttons stay enabled while deleting (a disabled button drops the focus): repeats are ignored.
  const inFlight = useRef(false);
  const cancel = () => {
    if (!inFlight.current) onClose();
  };

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await deletePatient({ id: patient.id, version: patient.version }).unwrap();
      showToast({ title: m.deletedTitle, description: m.deleted, intent: Intent.SUCCESS });
      onDeleted();
    } catch (error) {
      showFailureToast(error, { title: m.error, description: failureDescription(error, m.deleteFailed) });
      onClose();
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Dialog
      canEscapeKeyClose={!isLoading}
      canOutsideClickClose={false}
      icon={IconNames.TRASH}
      isCloseButtonShown={!isLoading}
      isOpen
      onClose={cancel}
      role="alertdialog"
      title={m.deleteTitle}
    >
      <DialogBody>
        <p>{m.deleteText(patient.name)}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button aria-disabled={isLoading} onClick={cancel} text={commonMessages.cancel} />
            <Button
              aria-busy={isLoading}
              icon={IconNames.TRASH}
              intent={Intent.DANGER}
              onClick={() => void confirm()}
              text={isLoading ? m.deleting : m.delete}
            />
          </>
        }
      />
    </Dialog>
  );
}
