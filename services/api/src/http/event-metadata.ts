import type { ParameterizedContext } from 'koa';
import type { EventMetadata } from '@bari/contracts';
import { requestFingerprintOf } from './idempotency.ts';
import type { RequestState } from './request-state.ts';

/** Who did it and from where, for the events a request appends (the acting user comes with auth). */
export function eventMetadata(
  ctx: ParameterizedContext<RequestState>,
  user: { readonly id: string; readonly email: string } | null,
  now: Date = new Date(),
): EventMetadata {
  const requestFingerprint = requestFingerprintOf(ctx);
  return {
    userId: user?.id ?? null,
    userEmail: user?.email ?? null,
    // `ctx.ip` honours X-Forwarded-For only when app.proxy is set (a trusted TLS proxy).
    clientIp: ctx.ip || null,
    correlationId: ctx.state.correlationId,
    timestamp: now.toISOString(),
    ...(requestFingerprint === undefined ? {} : { requestFingerprint }),
  };
}
