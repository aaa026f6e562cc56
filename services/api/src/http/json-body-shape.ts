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
  if (!isContainer(value)) return false;
  // Containers only, with their depth: a wide body's values are looked at once, never queued
  // (a 90,000-key object is sent before signing in as cheaply as any other).
  const pending: [object, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [container, depth] = next;
    if (depth > limit) return true;
    // `for…in` over an object's keys: half the time of `Object.values` on a wide one.
    if (Array.isArray(container)) {
      for (const child of container as unknown[]) if (isContainer(child)) pending.push([child, depth + 1]);
    } else {
      const record = container as Record<string, unknown>;
      for (const key in record) {
        const child = record[key];
        if (isContainer(child)) pending.push([child, depth + 1]);
      }
    }
  }
  return false;
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
