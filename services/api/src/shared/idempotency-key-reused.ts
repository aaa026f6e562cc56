import { DomainError } from './domain-error.ts';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Esta chave Idempotency-Key já foi usada numa requisição com outro conteúdo. Use uma chave nova para cada requisição.';

/**
 * A retry under an `Idempotency-Key` whose body differs from the first request's: refused
 * (422, as the IETF draft asks) instead of answered with the first request's result.
 */
export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super('unprocessable', IDEMPOTENCY_KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  }
}
