import type Router from '@koa/router';
import { z } from 'zod';
import type { RequestState } from './request-state.ts';
import { parseOwnData } from '../shared/domain-error.ts';
import type { ReadCache } from './read-cache.ts';

/** What every route handler receives: Koa's context with our request state and the path params. */
export type Context = Router.RouterContext<RequestState>;

/** Sends `body` after checking it against the contract the web client consumes. */
export function respond<Schema extends z.ZodTypeAny>(
  ctx: Context,
  schema: Schema,
  body: z.input<Schema>,
  status = 200,
): void {
  ctx.status = status;
  ctx.body = checkedResponse(ctx, schema, body) as unknown;
}

/**
 * `respond` for a read-model answer kept in the read cache: computed and checked against the
 * contract once, then sent again until `projections` move.
 */
export async function respondCached<Schema extends z.ZodTypeAny>(
  ctx: Context,
  cache: ReadCache,
  projections: readonly string[],
  key: string,
  schema: Schema,
  compute: () => Promise<z.input<Schema>>,
): Promise<void> {
  ctx.status = 200;
  ctx.body = await cache.read(projections, key, async () => checkedResponse(ctx, schema, await compute()));
}

/** `body` checked against the contract (what `respond` sends); for answers kept and sent again. */
export function checkedResponse<Schema extends z.ZodTypeAny>(
  ctx: Context,
  schema: Schema,
  body: z.input<Schema>,
): z.output<Schema> {
  return parseOwnData(schema, body, `response of ${ctx.method} ${ctx.path}`);
}

const UuidSchema = z.string().uuid();

/**
 * The `:id` of the path. Every aggregate id is a UUID, so one that is not names nothing:
 * `notFound` throws the same 404 as for an unknown id. Lower-cased as every id is written:
 * PostgreSQL's `uuid` compares regardless of case but a stream's name does not, so an
 * upper-case id would read the patient and then miss its stream (and audit a name no one
 * searches for).
 */
export function uuidParam(ctx: Context, notFound: (id: string) => Error): string {
  const id = ctx.params.id ?? '';
  if (!UuidSchema.safeParse(id).success) throw notFound(id);
  return id.toLowerCase();
}
