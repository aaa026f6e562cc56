import {
  AddProcedureFormSchema,
  CATEGORY_LABELS,
  PHASE_LABELS,
  phaseOfCategory,
  type ProcedureCategory,
} from '@bari/contracts';
import { DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useCallback, useRef, useState } from 'react';
import { useFocusAfterSubmit } from '../../../common/focus/use-focus-after-submit.ts';
import { FormDialog } from '../../../common/form-dialog.tsx';
import { FormDialogFooter } from '../../../common/form-dialog-footer.tsx';
import { proceduresMessages as m } from '../messages.ts';
import type { AddProcedureOutcome } from './use-add-procedure.ts';

export interface AddProcedureDialogProps {
  category: ProcedureCategory;
  /** Resolves to whether the procedure was added (the dialog then closes), or why the name was refused. */
  onAdd: (name: string) => Promise<AddProcedureOutcome>;
  isAdding: boolean;
  onClose: () => void;
}

/**
 * 'Adicionar Novo Procedimento' (§2, §5): a name, required and trimmed; the button is disabled
 * while the name is blank or the request is under way.
 */
export function AddProcedureDialog({ category, onAdd, isAdding, onClose }: AddProcedureDialogProps) {
  const [name, setName] = useState('');
  // The server's refusal of the name (the patient follows it already), until it is changed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const parsed = AddProcedureFormSchema.safeParse({ name });
  const tooLong = !parsed.success && name.trim() !== '' ? parsed.error.issues[0]?.message : undefined;
  const problem = tooLong ?? refusal ?? undefined;
  const input = useRef<HTMLInputElement>(null);
  const focusName = useCallback(() => input.current?.focus(), []);
  const focusAfterAdding = useFocusAfterSubmit(isAdding, focusName);

  const submit = async () => {
    if (!parsed.success || isAdding) return;
    const outcome = await onAdd(parsed.data.name);
    if (outcome.added) return onClose();
    setRefusal(outcome.refusal ?? null);
    focusAfterAdding(outcome.refusal ? 'name' : null);
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
              helperText={problem ?? m.addDialogHint}
              intent={problem ? Intent.DANGER : Intent.NONE}
              label={m.addNameLabel}
              labelFor="add-procedure-name"
            >
              <InputGroup
                autoFocus
                disabled={isAdding}
                id="add-procedure-name"
                intent={problem ? Intent.DANGER : Intent.NONE}
                inputRef={input}
                onValueChange={(value) => {
                  setName(value);
                  setRefusal(null);
                }}
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
