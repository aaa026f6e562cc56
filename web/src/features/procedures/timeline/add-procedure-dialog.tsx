import {
  AddProcedureFormSchema,
  CATEGORY_LABELS,
  PHASE_LABELS,
  phaseOfCategory,
  type ProcedureCategory,
} from '@bari/contracts';
import { DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { FormDialogFooter } from '../../../common/form-dialog-footer.tsx';
import { proceduresMessages as m } from '../messages.ts';

export interface AddProcedureDialogProps {
  category: ProcedureCategory;
  /** Resolves to whether the procedure was added (the dialog then closes). */
  onAdd: (name: string) => Promise<boolean>;
  isAdding: boolean;
  onClose: () => void;
}

/**
 * 'Adicionar Novo Procedimento' (§2, §5): a name, required and trimmed; the button is disabled
 * while the name is blank or the request is under way.
 */
export function AddProcedureDialog({ category, onAdd, isAdding, onClose }: AddProcedureDialogProps) {
  const [name, setName] = useState('');
  const parsed = AddProcedureFormSchema.safeParse({ name });
  const tooLong = !parsed.success && name.trim() !== '' ? parsed.error.issues[0]?.message : undefined;

  const submit = async () => {
    if (!parsed.success || isAdding) return;
    if (await onAdd(parsed.data.name)) onClose();
  };

  return (
    <FormDialog
      busy={isAdding}
      dirty={name.trim() !== ''}
      icon={IconNames.ADD}
      onClose={onClose}
      title={m.addDialogTitle}
    >
      {(requestClose) => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <p>
              <strong>{m.addDialogCategory}:</strong> {CATEGORY_LABELS[category]} (
              {PHASE_LABELS[phaseOfCategory(category)]})
            </p>
            <FormGroup
              helperText={tooLong ?? m.addDialogHint}
              intent={tooLong ? Intent.DANGER : Intent.NONE}
              label={m.addNameLabel}
              labelFor="add-procedure-name"
            >
              <InputGroup
                autoFocus
                disabled={isAdding}
                id="add-procedure-name"
                intent={tooLong ? Intent.DANGER : Intent.NONE}
                onValueChange={setName}
                placeholder={m.addNamePlaceholder}
                value={name}
              />
            </FormGroup>
          </DialogBody>
          <FormDialogFooter
            busy={isAdding}
            onCancel={requestClose}
            submit={{
              disabled: !parsed.success || isAdding,
              icon: IconNames.PLUS,
              text: isAdding ? m.adding : m.add,
            }}
          />
        </form>
      )}
    </FormDialog>
  );
}
