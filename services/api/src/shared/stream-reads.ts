import type { z } from 'zod';
import type { EventStore, ExpectedRevision } from '@bari/event-store';
import { loadAggregate, type DomainEvent } from './command-handler.ts';

/**
 * What a multi-stream operation expects of a stream when it appends:
 * - `no_stream`: the stream must not exist yet (a fresh aggregate);
 * - `as_read`: the stream must still be at the revision the operation read before deciding
 *   (`no_stream` if it did not exist), so a concurrent change makes the append fail;
 * - `any`: no expectation (records that decide nothing, e.g. `SystemInitialized` when forced).
 */
export type StreamExpectation = 'no_stream' | 'as_read' | 'any';

/**
 * The streams a multi-stream operation read before deciding, and the revision each was at.
 * A plan's `as_read` appends are checked against these revisions, so anything appended to a
 * stream between the read and the write makes the write fail (WrongExpectedVersion).
 */
export class StreamReads {
  readonly #revisions = new Map<string, bigint | 'no_stream'>();
  readonly #createdAt = new Map<string, string>();

  constructor(private readonly eventStore: EventStore) {}

  /** Reads and folds a stream (`loadAggregate`), remembering its revision and when it started. */
  async fold<Event extends DomainEvent, State>(
    streamId: string,
    schema: z.ZodType<Event, z.ZodTypeDef, unknown>,
    evolve: (state: State, event: Event) => State,
    initialState: State,
  ): Promise<State> {
    const loaded = await loadAggregate(
      this.eventStore,
      { id: streamId, eventSchema: schema },
      { evolve, initialState: () => initialState },
    );
    this.#revisions.set(streamId, loaded.revision ?? 'no_stream');
    if (loaded.startedAt) this.#createdAt.set(streamId, loaded.startedAt);
    return loaded.state;
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
