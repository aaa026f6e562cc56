import type { z } from 'zod';
import type { EventStore, ExpectedRevision } from '@bari/event-store';
import type { StreamExpectation } from './planned-append.ts';
import { parseOwnData } from '../shared/domain-error.ts';

/**
 * The streams a multi-stream operation read before deciding, and the revision each was at.
 * A plan's `as_read` appends are checked against these revisions, so anything appended to a
 * stream between the read and the write makes the write fail (WrongExpectedVersion).
 */
export class StreamReads {
  readonly #revisions = new Map<string, bigint | 'no_stream'>();
  readonly #createdAt = new Map<string, string>();

  constructor(private readonly eventStore: EventStore) {}

  /** Reads and folds a stream (the initial state when it does not exist), remembering its revision. */
  async fold<Event, State>(
    streamId: string,
    schema: z.ZodType<Event, z.ZodTypeDef, unknown>,
    evolve: (state: State, event: Event) => State,
    initialState: State,
  ): Promise<State> {
    const recorded = await this.eventStore.readStream(streamId);
    let state = initialState;
    for (const event of recorded) {
      const parsed = parseOwnData(
        schema,
        { type: event.type, data: event.data },
        `event ${event.id} of ${streamId}`,
      );
      state = evolve(state, parsed);
    }
    this.#revisions.set(streamId, recorded.at(-1)?.revision ?? 'no_stream');
    const first = recorded[0];
    if (first) this.#createdAt.set(streamId, first.metadata.timestamp);
    return state;
  }

  /**
   * When a folded stream was started: the timestamp of its first event's metadata (the instant
   * that command was decided, which is what the read models show as `createdAt`).
   */
  createdAt(streamId: string): string | undefined {
    return this.#createdAt.get(streamId);
  }

  /** The store's expectation for an append planned with `expected`. */
  expectation(streamId: string, expected: StreamExpectation): ExpectedRevision {
    if (expected !== 'as_read') return expected;
    const revision = this.#revisions.get(streamId);
    if (revision === undefined)
      throw new Error(`Stream ${streamId} is appended "as read" but was never read`);
    return revision;
  }

  /** After an append, a later `as_read` append to the same stream expects the new revision. */
  appended(streamId: string, revision: bigint): void {
    this.#revisions.set(streamId, revision);
  }
}
