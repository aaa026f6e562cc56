import { z } from 'zod';
import { identityValidationMessages as m } from './messages.ts';
import { hasUnsafeCharacters, hasVisibleContent, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.ts';
import { requestInstant, requestUuid } from '../validation/request-values.ts';

const requiredText = (required: string, max: { length: number; message: string }) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(max.length, max.message)
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE)
    // Empty is already said by `min`: one message a field.
    .refine((text) => text === '' || hasVisibleContent(text), required);

/**
 * Email typed by a person: trimmed, then required, then well formed — one message at a time,
 * since `pipe` runs the format check only on a non-empty value. Case is kept as typed; the
 * server compares and stores it normalised.
 */
export const EmailInputSchema = z
  .string({ required_error: m.emailRequired, invalid_type_error: m.emailInvalid })
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.string().max(254, m.emailInvalid).email(m.emailInvalid));

/** `POST /api/users` — 'Adicionar Usuário' (§5). */
export const CreateUserRequestSchema = z.object({
  email: EmailInputSchema,
  firstName: requiredText(m.firstNameRequired, { length: 100, message: m.nameTooLong }),
  lastName: requiredText(m.lastNameRequired, { length: 100, message: m.nameTooLong }),
  isAdmin: z.boolean().default(false),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

/** `PATCH /api/users/:id/status`. Nobody is ever set back to pending. */
export const UpdateUserStatusRequestSchema = z.object({
  status: z.enum(['approved', 'rejected']),
});
export type UpdateUserStatusRequest = z.infer<typeof UpdateUserStatusRequestSchema>;

/** Absent, null and '' (an emptied form field) all mean "not given". */
const notGiven = z.union([z.literal(''), z.null(), z.undefined()]).transform(() => undefined);

/**
 * `POST /api/access-keys` — 'Nova Chave' (§5). `userId` binds the key to an existing user;
 * without it the key is an invitation that registers (pending) the first email without an
 * account that signs in with it. Whether `expiresAt` lies in the future is decided by the
 * server, which owns the clock.
 */
export const CreateAccessKeyRequestSchema = z.object({
  description: requiredText(m.descriptionRequired, { length: 200, message: m.descriptionTooLong }),
  expiresAt: z.union([notGiven, requestInstant(m.expiresAtInvalid)]),
  userId: z.union([notGiven, requestUuid(m.userIdInvalid)]),
});
export type CreateAccessKeyRequest = z.infer<typeof CreateAccessKeyRequestSchema>;
