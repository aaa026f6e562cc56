import type { EventMetadata } from '@bari/contracts';
import { eventMetadata } from '../../http/event-metadata.ts';
import type { Context } from '../../http/route-support.ts';
import type { ApiDependencies } from '../../dependencies.ts';
import type { Actor } from '../application/users.ts';

/** Event metadata for this request, on the app's clock. */
export function metadataOf(
  ctx: Context,
  deps: ApiDependencies,
  user: { readonly id: string; readonly email: string } | null,
  now: Date = deps.now(),
): EventMetadata {
  return eventMetadata(ctx, user, now);
}

/** The signed-in administrator as the actor of a command (the route's guard ran first). */
export function actorOf(ctx: Context, deps: ApiDependencies): Actor {
  const user = ctx.state.user;
  if (!user) throw new Error('actorOf needs a guarded route');
  const now = deps.now();
  return {
    id: user.id,
    now,
    metadata: metadataOf(ctx, deps, user, now),
    signedInWith: ctx.state.accessKeyId ?? null,
  };
}
