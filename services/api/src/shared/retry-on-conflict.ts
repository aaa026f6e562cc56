import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedVersion } from '@bari/event-store';

/**
 * How many times an operation is decided afresh after a concurrent write moved a stream it
 * read. Writes to one patient come in bursts (a nurse's 'marcar todos' sends one request per
 * exam, several at once): with three attempts and no pause, a burst of six lost some to 409.
 */
export const CONFLICT_ATTEMPTS = 10;

/** The longest pause before an attempt (ms): the pauses grow 5, 10, 20… up to this. */
const LONGEST_PAUSE_MS = 200;

/**
 * A random pause before attempt `attempt` (2, 3…): up to twice the last one's ceiling, so
 * writers that collided spread out instead of colliding again in the same turn.
 */
const pauseBeforeAttempt = (attempt: number): number =>
  Math.floor(Math.random() * Math.min(LONGEST_PAUSE_MS, 5 * 2 ** (attempt - 2)));

/**
 * The usual conflict: an append that found its stream moved since the read
 * (`WrongExpectedVersion`), on the streams `retryable` accepts (all by default), i.e. those
 * whose conflict leaves the decision to make again.
 */
export const streamMoved =
  (retryable: (streamId: string) => boolean = () => true) =>
  (error: unknown): boolean =>
    error instanceof WrongExpectedVersion && retryable(error.streamId);

/**
 * Runs `operation` (read, decide, append) again on fresh state when it fails with a conflict
 * that leaves the decision to make again (`isConflict`, by default `streamMoved()`). After the
 * last attempt the conflict is thrown (409, or what the caller makes of it). The operation
 * must read everything anew each time.
 */
export async function retryOnConflict<T>(
  operation: () => Promise<T>,
  isConflict: (error: unknown) => boolean = streamMoved(),
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!isConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await sleep(pauseBeforeAttempt(attempt + 1));
    }
  }
}
