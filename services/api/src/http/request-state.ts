import type { CurrentUser } from '@bari/contracts';

/** What the middleware chain puts on `ctx.state` for every request. */
export interface RequestState {
  correlationId: string;
  /** The signed-in user, loaded from the session by the session middleware (absent when signed out). */
  user?: CurrentUser;
  /** The session's id in the session store, and the access key it was opened with. */
  sessionId?: string;
  accessKeyId?: string;
  /** The call names another user than the session's (a tab of someone else): it acts as nobody. */
  otherTab?: boolean;
}
