import { z } from 'zod';
import { hasUnsafeCharacters, hasVisibleContent, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.ts';
import { PhaseSchema, ProcedureCategorySchema, phaseOfCategory } from './categories.ts';

export const procedureTypeMessages = {
  nameRequired: 'Nome do procedimento é obrigatório',
  nameTooLong: 'Nome do procedimento deve ter no máximo 200 caracteres',
  phaseMismatch: 'A fase não corresponde à categoria',
} as const;

/** The 'Adicionar Novo Procedimento' dialog (§2, §5): the name, required and trimmed. */
export const AddProcedureFormSchema = z.object({
  name: z
    .string({
      required_error: procedureTypeMessages.nameRequired,
      invalid_type_error: procedureTypeMessages.nameRequired,
    })
    .trim()
    .min(1, procedureTypeMessages.nameRequired)
    .max(200, procedureTypeMessages.nameTooLong)
    // Marks, symbols or dots alone ('\u0301\u0301', '...') name nothing on the patient's page.
    .refine((text) => text === '' || hasVisibleContent(text), procedureTypeMessages.nameRequired)
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE),
});
export type AddProcedureForm = z.infer<typeof AddProcedureFormSchema>;

/**
 * `POST /api/procedure-types {name, category, phase, isRequired}`: the dialog's name plus the
 * category it was opened in. The phase follows from the category; when it is sent it must agree.
 */
export const CreateProcedureTypeRequestSchema = AddProcedureFormSchema.extend({
  category: ProcedureCategorySchema,
  phase: PhaseSchema.optional(),
  isRequired: z.boolean().default(false),
})
  .superRefine((value, context) => {
    if (value.phase !== undefined && value.phase !== phaseOfCategory(value.category)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['phase'],
        message: procedureTypeMessages.phaseMismatch,
      });
    }
  })
  .transform((value) => ({ ...value, phase: phaseOfCategory(value.category) }));
export type CreateProcedureTypeRequest = z.infer<typeof CreateProcedureTypeRequestSchema>;
