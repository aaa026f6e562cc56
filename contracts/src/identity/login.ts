import { z } from 'zod';
import { EmailInputSchema } from './commands.ts';

/**
 * `POST /api/auth/login` body (spec §5: email required and of email type; access key
 * required). The web form and the server validate with this same schema.
 */
export const LoginRequestSchema = z.object({
  // As 'Adicionar Usuário' takes it: at most 254 characters (a longer one would be stored
  // for good by an invitation's registration, and could never sign in).
  email: EmailInputSchema,
  // Trimmed: a key copied from an email or a chat often brings a space or a line break along.
  accessKey: z.string().trim().min(1, 'Chave de acesso é obrigatória'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
