import type { Middleware } from 'koa';
import { DomainError } from '../shared/domain-error.ts';
import type { RequestState } from './request-state.ts';

/** Deeper than any body the API reads (a patient is 3 levels); far below the stack's limit. */
export const MAX_BODY_DEPTH = 32;

export const BODY_SHAPE_MESSAGES = {
  notObject: 'O corpo da requisição deve ser um objeto JSON, não uma lista.',
  tooDeep: 'O corpo da requisição tem níveis aninhados demais.',
} as const;

/**
 * Every body the API reads is a JSON object, a few levels deep. A list is refused (a route
 * that reads no body would otherwise take one in silence), and so is a body nested deeper than
 * `MAX_BODY_DEPTH`, before anything walks it: the checks after this one (UTF-8, the
 * idempotency fingerprint) recurse, and a body thousands of levels deep, sent by anyone
 * before signing in, overflowed the stack into a 500.
 */
export function requireObjectBody(): Middleware<RequestState> {
  return async function requireObjectBody(ctx, next) {
    const body: unknown = ctx.request.body;
    if (Array.isArray(body))
      throw new DomainError('invalid', BODY_SHAPE_MESSAGES.notObject, 'BODY_NOT_OBJECT');
    if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
      throw new DomainError('invalid', BODY_SHAPE_MESSAGES.tooDeep, 'BODY_TOO_DEEP');
    }
    await next();
  };
}

/** Whether a parsed JSON value nests objects or lists more than `limit` levels; no recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
