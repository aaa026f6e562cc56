import { WrongExpectedVersion } from '@bari/event-store';

/** How many times an operation is decided afresh after a concurrent write moved a stream it read. */
export const CONFLICT_ATTEMPTS = 3;

/**
 * Runs `operation` (read, decide, append) again on fresh state when an append finds its
 * stream moved since the read (`WrongExpectedVersion`) — only for the streams `retryable`
 * accepts (all by default), i.e. those whose conflict leaves the decision to make again.
 * After the last attempt the conflict is thrown (409, or what the caller makes of it). The
 * operation must read everything anew each time.
 */
export async function retryOnConflict<T>(
  operation: () => Promise<T>,
  retryable: (streamId: string) => boolean = () => true,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (
        !(error instanceof WrongExpectedVersion) ||
        !retryable(error.streamId) ||
        attempt >= CONFLICT_ATTEMPTS
      ) {
        throw error;
      }
    }
  }
}
