import type Router from '@koa/router';
import { z } from 'zod';
import {
  CreateUserRequestSchema,
  DebugInfoSchema,
  UpdateUserStatusRequestSchema,
  UserListItemSchema,
} from '@bari/contracts';
import { requireAdmin } from '../../http/auth/guards.ts';
import type { RequestState } from '../../http/request-state.ts';
import { respond, uuidParam, type Context } from '../../http/route-support.ts';
import { changeUserStatus, createUser, deleteUser } from '../application/users.ts';
import type { IdentityServices } from '../application/identity-services.ts';
import { UserNotFound } from '../errors.ts';
import { actorOf } from './http-support.ts';

const userId = (ctx: Context) => uuidParam(ctx, (id) => new UserNotFound(id));

/** User administration (administrators only) and `GET /api/admin/debug-user`. */
export function userRoutes(router: Router<RequestState>, services: IdentityServices): void {
  const { deps } = services;

  router.get('/users', requireAdmin(), async function listUsers(ctx: Context) {
    respond(ctx, z.array(UserListItemSchema), [...(await services.users.list())]);
  });

  router.post('/users', requireAdmin(), async function addUser(ctx: Context) {
    const request = CreateUserRequestSchema.parse(ctx.request.body);
    respond(ctx, UserListItemSchema, await createUser(services, request, actorOf(ctx, deps)), 201);
  });

  router.patch('/users/:id/status', requireAdmin(), async function setUserStatus(ctx: Context) {
    const id = userId(ctx);
    const request = UpdateUserStatusRequestSchema.parse(ctx.request.body);
    respond(ctx, UserListItemSchema, await changeUserStatus(services, id, request, actorOf(ctx, deps)));
  });

  router.delete('/users/:id', requireAdmin(), async function removeUser(ctx: Context) {
    await deleteUser(services, userId(ctx), actorOf(ctx, deps));
    ctx.status = 204;
  });

  router.get('/admin/debug-user', requireAdmin(), function debugUser(ctx: Context) {
    respond(ctx, DebugInfoSchema, {
      canAccessAdminFeatures: ctx.state.user?.isAdmin === true && ctx.state.user.status === 'approved',
      environment: deps.config.NODE_ENV,
    });
  });
}
