import type { Middleware } from 'koa';
import { DomainError } from '../../shared/domain-error.ts';
import type { RequestState } from '../request-state.ts';

export const GUARD_MESSAGES = {
  // The web client recognises a lost session by a 401 whose text contains 'Unauthorized' (spec §8).
  unauthenticated: 'Unauthorized',
  notApproved: 'Sua conta ainda não foi aprovada por um administrador.',
  notAdmin: 'Acesso restrito a administradores do sistema.',
} as const;

/** Any signed-in user, approved or confined (pending/rejected): only `/api/auth/user` and logout. */
export function requireSignedIn(): Middleware<RequestState> {
  return async function signedIn(ctx, next) {
    if (!ctx.state.user)
      throw new DomainError('unauthenticated', GUARD_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
    await next();
  };
}

/** A signed-in, approved user: every clinical route. */
export function requireApproved(): Middleware<RequestState> {
  return async function approved(ctx, next) {
    const user = ctx.state.user;
    if (!user) throw new DomainError('unauthenticated', GUARD_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
    if (user.status !== 'approved')
      throw new DomainError('forbidden', GUARD_MESSAGES.notApproved, 'NOT_APPROVED');
    await next();
  };
}

/** An approved administrator: users, access keys and `/api/admin/*`. */
export function requireAdmin(): Middleware<RequestState> {
  return async function admin(ctx, next) {
    const user = ctx.state.user;
    if (!user) throw new DomainError('unauthenticated', GUARD_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
    if (user.status !== 'approved')
      throw new DomainError('forbidden', GUARD_MESSAGES.notApproved, 'NOT_APPROVED');
    if (!user.isAdmin) throw new DomainError('forbidden', GUARD_MESSAGES.notAdmin, 'NOT_ADMIN');
    await next();
  };
}
