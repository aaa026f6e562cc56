import type Router from '@koa/router';
import { z } from 'zod';
import {
  AccessKeyListItemSchema,
  CreateAccessKeyRequestSchema,
  CreatedAccessKeySchema,
} from '@bari/contracts';
import { requireAdmin } from '../../http/auth/guards.ts';
import { commandIdOf } from '../../http/idempotency.ts';
import type { RequestState } from '../../http/request-state.ts';
import { respond, uuidParam, type Context } from '../../http/route-support.ts';
import { deactivateAccessKey, issueAccessKey } from '../application/access-keys.ts';
import type { IdentityServices } from '../application/identity-services.ts';
import { AccessKeyNotFound } from '../errors.ts';
import { actorOf } from './http-support.ts';

const keyId = (ctx: Context) => uuidParam(ctx, (id) => new AccessKeyNotFound(id));

/** Access-key administration (administrators only). Lists never carry a full key. */
export function accessKeyRoutes(router: Router<RequestState>, services: IdentityServices): void {
  const { deps } = services;

  router.get('/access-keys', requireAdmin(), async function listAccessKeys(ctx: Context) {
    const signedInWith = ctx.state.accessKeyId;
    const keys = (await services.accessKeys.list()).map((key) =>
      key.id === signedInWith ? { ...key, signedInHere: true as const } : key,
    );
    respond(ctx, z.array(AccessKeyListItemSchema), keys);
  });

  router.post('/access-keys', requireAdmin(), async function createAccessKey(ctx: Context) {
    const request = CreateAccessKeyRequestSchema.parse(ctx.request.body);
    const issued = await issueAccessKey(services, request, actorOf(ctx, deps), commandIdOf(ctx));
    respond(ctx, CreatedAccessKeySchema, issued, 201);
  });

  router.patch('/access-keys/:id/deactivate', requireAdmin(), async function deactivate(ctx: Context) {
    respond(
      ctx,
      AccessKeyListItemSchema,
      await deactivateAccessKey(services, keyId(ctx), actorOf(ctx, deps)),
    );
  });
}
