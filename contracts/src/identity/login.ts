import { z } from 'zod';
import { identityValidationMessages } from './messages.ts';

/**
 * `POST /api/auth/login` body (spec §5: email required and of email type; access key
 * required). The web form and the server validate with this same schema.
 */
export const LoginRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, identityValidationMessages.emailRequired)
    .email(identityValidationMessages.emailInvalid),
  accessKey: z.string().min(1, 'Chave de acesso é obrigatória'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
