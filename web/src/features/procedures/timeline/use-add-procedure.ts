import {
  phaseOfCategory,
  procedureTypeKey,
  type ProcedureCategory,
  type ProcedureType,
} from '@bari/contracts';
import { Intent } from '@blueprintjs/core';
import { showFailureToast } from '../../../app/failure-toast.ts';
import { hasCode } from '../../../app/http-client.ts';
import { showToast } from '../../../app/toaster.tsx';
import { failureDescription } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { useCreateProcedureMutation, useCreateProcedureTypeMutation } from '../procedures-api.ts';

/** Whether the procedure was added; if not, the refusal of the name itself, for under the field. */
export type AddProcedureOutcome =
  { readonly added: true } | { readonly added: false; readonly refusal?: string };

/** Refusals about the name typed: the patient follows that procedure already. */
const NAME_REFUSALS = ['PROCEDURE_ALREADY_ASSIGNED', 'DUPLICATE_PROCEDURE_TYPE'] as const;

/**
 * The add-procedure dialog's action (§4): create a procedure type that is not required, then a
 * pending procedure of it for the patient. A type of that name already in the category (the
 * catalogue's optional ones, say) is reused rather than refused as a duplicate.
 * Failures have shown their toast, but a refusal of the name, which the dialog shows under it.
 */
export function useAddProcedure(patientId: string, types: readonly ProcedureType[]) {
  const [createType, typeState] = useCreateProcedureTypeMutation();
  const [createProcedure, procedureState] = useCreateProcedureMutation();

  const fail = (error: unknown, fallback: string): AddProcedureOutcome => {
    const description = failureDescription(error, fallback);
    // A refusal of the name is said under the field, once: it was said in a toast too.
    if (hasCode(error, ...NAME_REFUSALS)) return { added: false, refusal: description };
    showFailureToast(error, { title: m.error, description });
    return { added: false };
  };

  const addProcedure = async (category: ProcedureCategory, rawName: string): Promise<AddProcedureOutcome> => {
    const name = rawName.trim();
    const key = procedureTypeKey({ category, name });
    let typeId = types.find((type) => procedureTypeKey(type) === key)?.id;
    if (typeId === undefined) {
      try {
        typeId = (await createType({ name, category, phase: phaseOfCategory(category) }).unwrap()).id;
      } catch (error) {
        return fail(error, m.createTypeFailed);
      }
    }
    try {
      await createProcedure({ patientId, procedureTypeId: typeId, status: 'pending' }).unwrap();
    } catch (error) {
      return fail(error, m.addFailed);
    }
    showToast({ title: m.added, description: name, intent: Intent.SUCCESS });
    return { added: true };
  };

  return { addProcedure, isAdding: typeState.isLoading || procedureState.isLoading };
}
