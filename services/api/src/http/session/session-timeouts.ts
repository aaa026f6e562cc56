/** A session unused this long is over (server-side, whatever the cookie says). */
export const SESSION_IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** No session lives longer than this after its login, however busy. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/**
 * How stale `lastSeenAt` may get before a request refreshes it: one store write per minute of
 * activity instead of one per request. The idle timeout is thus enforced to within a minute.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
