import { createHash } from 'node:crypto';
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

/** The body as JSON with every object's keys sorted: the same request whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * With an `Idempotency-Key`, a hash of the request's body, written in its events' metadata: a
 * retry with the key finds its events by their derived ids and is refused if its body differs
 * (`IdempotencyKeyReused`). Undefined without the header.
 */
export function requestFingerprintOf(ctx: Pick<Context, 'get' | 'request'>): string | undefined {
  if (ctx.get('Idempotency-Key') === '') return undefined;
  return createHash('sha256').update(canonicalJson(ctx.request.body)).digest('base64url');
}
