import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { UserIdSchema, type EventMetadata } from '@bari/contracts';
import { eventMetadata } from '../../http/event-metadata.ts';
import type { RequestState } from '../../http/request-state.ts';
import type { ApiDependencies } from '../../dependencies.ts';
import type { Actor } from '../application/users.ts';

export type Context = ParameterizedContext<RequestState, { params: Record<string, string> }>;

/** A path id that is not a UUID names nothing: the same 404 as an unknown one. */
export function idParam(ctx: Context, notFound: (id: string) => Error): string {
  const id = ctx.params.id ?? '';
  if (!UserIdSchema.safeParse(id).success) throw notFound(id);
  return id;
}

/** Sends `body` after checking it against the contract the web client consumes. */
export function respond<Schema extends z.ZodTypeAny>(
  ctx: Context,
  schema: Schema,
  body: z.input<Schema>,
  status = 200,
): void {
  ctx.status = status;
  ctx.body = schema.parse(body) as unknown;
}

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
  return { id: user.id, now, metadata: metadataOf(ctx, deps, user, now) };
}
