import { z } from 'zod';
import { ClinicalDateInputSchema, ClinicalDateSchema, clinicalDateInput } from '../protocol/dates.ts';
import { ProcedureStatusSchema } from './procedure.ts';
import { NOTES_MAX_LENGTH, TEXT_MAX_LENGTH, optionalText, requiredDate, requiredText } from './fields.ts';
import { deletionReasonMessages, procedureMessages as m, patientMessages } from './messages.ts';
import { hasUnsafeCharacters, hasVisibleContent, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.ts';
import { queryInteger, requestUuid } from '../validation/request-values.ts';

/*
 * What clients send (requests). The server's commands add what only it knows — ids, today,
 * the procedure-type catalogue — and live beside the deciders. The patient form's requests
 * are in patient-form.ts.
 */

/** `DELETE /api/patients/:id?version=N` (or `If-Match`; without either the route answers 428). */
export const DeletePatientRequestSchema = z.object({ version: queryInteger({ min: 0 }).optional() });
export type DeletePatientRequest = z.infer<typeof DeletePatientRequestSchema>;

export const DELETION_REASON_MIN_LENGTH = 5;
export const DELETION_REASON_MAX_LENGTH = 500;

/**
 * Why a patient is deleted (auditors read it): trimmed, 5 to 500 characters, with something to
 * read (letters or digits, not '.....'); line breaks allowed, control characters refused.
 */
export const DeletionReasonSchema = z
  .string({
    required_error: deletionReasonMessages.required,
    invalid_type_error: deletionReasonMessages.required,
  })
  .trim()
  .min(DELETION_REASON_MIN_LENGTH, deletionReasonMessages.required)
  .max(DELETION_REASON_MAX_LENGTH, deletionReasonMessages.tooLong)
  .refine((text) => !hasUnsafeCharacters(text, { multiLine: true }), UNSAFE_TEXT_MESSAGE)
  .refine(
    (text) => text.length < DELETION_REASON_MIN_LENGTH || hasVisibleContent(text),
    deletionReasonMessages.required,
  );

/**
 * The body of `DELETE /api/patients/:id`, `{reason}`, and the 'Confirmar Exclusão' form. A body
 * it refuses is a 400 `DELETION_REASON_INVALID` with the message under `errors.reason`.
 */
export const DeletePatientBodySchema = z.object({ reason: DeletionReasonSchema });
export type DeletePatientBodyInput = z.input<typeof DeletePatientBodySchema>;
export type DeletePatientBody = z.infer<typeof DeletePatientBodySchema>;

/** A completion date: required, within the clinical-date range, and not after today (São Paulo). */
const completedDateInput = () =>
  requiredDate(
    m.completedDateRequired,
    clinicalDateInput({ date: (today) => today, message: m.completedDateInFuture }),
  );

/** The 'Registrar Procedimento' form (§2, §5). */
export const ProcedureRegistrationFormSchema = z.object({
  procedureTypeId: requiredText(m.procedureTypeRequired),
  completedDate: completedDateInput(),
  location: requiredText(m.locationRequired),
  professionalName: requiredText(m.professionalNameRequired),
  notes: optionalText(NOTES_MAX_LENGTH, { multiLine: true }),
});
export type ProcedureRegistrationFormInput = z.input<typeof ProcedureRegistrationFormSchema>;
export type ProcedureRegistrationForm = z.infer<typeof ProcedureRegistrationFormSchema>;

/**
 * `POST /api/procedures` from the registration form: completes the patient's pending procedure
 * of that type, else adds a completed one. A `scheduledDate` sent by older clients is ignored
 * (stripped): the server computes it.
 */
export const RegisterProcedureRequestSchema = ProcedureRegistrationFormSchema.extend({
  patientId: requestUuid(),
  status: z.literal('completed'),
});
export type RegisterProcedureRequest = z.infer<typeof RegisterProcedureRequestSchema>;

/** `POST /api/procedures` from the add-procedure dialog: a pending procedure of a type. */
export const AddProcedureRequestSchema = RegisterProcedureRequestSchema.pick({
  patientId: true,
  procedureTypeId: true,
}).extend({ status: z.literal('pending') });
export type AddProcedureRequest = z.infer<typeof AddProcedureRequestSchema>;

/** `POST /api/procedures`: one of the two, told apart by `status`. */
export const CreateProcedureRequestSchema = z.discriminatedUnion('status', [
  AddProcedureRequestSchema,
  RegisterProcedureRequestSchema,
]);
export type CreateProcedureRequest = z.infer<typeof CreateProcedureRequestSchema>;

/** A detail of a completed procedure in an update: absent keeps it, null or '' clears it. */
function detailUpdate(max: number, options: { readonly multiLine?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, patientMessages.textTooLong(max))
    .refine((text) => !hasUnsafeCharacters(text, options), UNSAFE_TEXT_MESSAGE)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/**
 * The procedure as the client last showed it. A change sent with it is refused (409
 * `STALE_PROCEDURE`) when the procedure is no longer so: a tick from a page that still showed
 * it pending would otherwise overwrite the date another nurse recorded, and an untick would
 * erase their completion. Optional, as the spec's body has no such field; the web sends it.
 */
export const ProcedureAsSeenSchema = z.object({
  status: ProcedureStatusSchema,
  completedDate: ClinicalDateSchema.nullable(),
});
export type ProcedureAsSeen = z.infer<typeof ProcedureAsSeenSchema>;

/**
 * `PATCH /api/procedures/:id` (§4): ticking sends `completed` with the date (required);
 * changing a completed one's date re-sends `completed`; unticking sends `pending`, which
 * clears the date. `expected`: the procedure as the client saw it (`ProcedureAsSeenSchema`).
 */
export const UpdateProcedureRequestSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('completed'),
    completedDate: completedDateInput(),
    location: detailUpdate(TEXT_MAX_LENGTH),
    professionalName: detailUpdate(TEXT_MAX_LENGTH),
    notes: detailUpdate(NOTES_MAX_LENGTH, { multiLine: true }),
    expected: ProcedureAsSeenSchema.optional(),
  }),
  z.object({
    status: z.literal('pending'),
    expected: ProcedureAsSeenSchema.optional(),
    completedDate: z
      .union([z.null(), z.literal('')], {
        errorMap: () => ({ message: m.completedDateOnlyWhenCompleted }),
      })
      .optional(),
  }),
]);
export type UpdateProcedureRequest = z.infer<typeof UpdateProcedureRequestSchema>;

/**
 * 'Mark all' on the lab exams: every pending pre-operative lab exam of the patient is
 * completed on `completedDate`, today (São Paulo) when absent.
 */
export const CompletePendingLabsRequestSchema = z.object({
  completedDate: ClinicalDateInputSchema.optional(),
});
export type CompletePendingLabsRequest = z.infer<typeof CompletePendingLabsRequestSchema>;
