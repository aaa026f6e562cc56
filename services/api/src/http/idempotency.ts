import { DomainError } from '../shared/domain-error.ts';
import { derivedUuid } from '../shared/derived-id.ts';
import type { Context } from './route-support.ts';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Cabeçalho Idempotency-Key inválido: use de 1 a 255 caracteres visíveis, sem espaços.',
} as const;

/** Visible ASCII, as the IETF draft's examples (UUIDs, random tokens); no room for injection. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The command id of a write sent with `Idempotency-Key`, or undefined without the header.
 * The key is scoped to the signed-in user and the route (method and path), so another user's
 * or another route's key never names the same command. A retry with the same key is then
 * written once and answered with the first result (see `CommandOptions.commandId`).
 */
export function commandIdOf(ctx: Context): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (key === '') return undefined;
  if (!KEY.test(key))
    throw new DomainError('invalid', IDEMPOTENCY_MESSAGES.invalidKey, 'INVALID_IDEMPOTENCY_KEY');
  return derivedUuid('Idempotency-Key', ctx.state.user?.id ?? '', ctx.method, ctx.path, key);
}
