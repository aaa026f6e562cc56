import type { Context } from 'koa';
import { z } from 'zod';

/** What a signed-in session holds (koa-session adds its own `_expire`/`_maxAge`). */
export const SignedInSessionSchema = z.object({
  userId: z.string().uuid(),
  /** The key the session was opened with: deactivating it ends the session. */
  accessKeyId: z.string().uuid(),
  /** Epoch ms of the login (absolute timeout). */
  createdAt: z.number(),
  /** Epoch ms of the last request, refreshed at most once a minute (idle timeout). */
  lastSeenAt: z.number(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;

/** The part of koa-session's `Session` object we use. */
interface KoaSession extends Record<string, unknown> {
  regenerate(): Promise<void>;
  readonly externalKey?: string;
}

/**
 * koa-session 7 defines `ctx.session` on the app's context at run time but ships no `koa`
 * type augmentation, so this is the one place that reaches for it.
 */
function sessionHolder(ctx: Context): { session: KoaSession | null } {
  return ctx as unknown as { session: KoaSession | null };
}

/** The signed-in session of this request, or null (none, or not one of ours). */
export function readSession(ctx: Context): SignedInSession | null {
  const session = sessionHolder(ctx).session;
  if (!session) return null;
  const parsed = SignedInSessionSchema.safeParse(session);
  return parsed.success ? parsed.data : null;
}

/**
 * Opens a signed-in session under a new id: the store entry of the id the browser came with
 * (if any) is destroyed and a fresh random id is issued, so an id planted before login
 * (session fixation) is worth nothing after it.
 */
export async function openSession(ctx: Context, data: SignedInSession): Promise<void> {
  const holder = sessionHolder(ctx);
  holder.session = { ...data } as unknown as KoaSession;
  const session = holder.session;
  if (!session) throw new Error('koa-session is not installed on this app');
  await session.regenerate();
}

/** Refreshes the idle clock of the current session. */
export function touchSession(ctx: Context, lastSeenAt: number): void {
  const session = sessionHolder(ctx).session;
  if (session) session.lastSeenAt = lastSeenAt;
}

/** Ends the current session: its store entry is destroyed and the cookie cleared. */
export function endSession(ctx: Context): void {
  sessionHolder(ctx).session = null;
}
