import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { EventMetadata } from '@bari/contracts';
import type { EventStore, ExpectedRevision, GlobalPosition } from '@bari/event-store';
import type { Logger } from './logger.ts';
import type { Decider } from './decider.ts';
import { parseOwnData } from './domain-error.ts';

/** The `{type, data}` pair every event of our contracts has. */
export interface DomainEvent {
  readonly type: string;
  readonly data: unknown;
}

export interface CommandDependencies {
  readonly eventStore: EventStore;
  /**
   * Resolves true when the read models fed by `eventTypes` (all of them when omitted) have
   * caught up to a position (read-your-writes), false when the bounded wait ran out.
   */
  readonly waitForProjections: (position: GlobalPosition, eventTypes?: readonly string[]) => Promise<boolean>;
  readonly logger: Logger;
}

export interface CommandOptions {
  /** The revision the client saw (If-Match / version); a different current revision → 409. */
  readonly expectedRevision?: bigint;
  /** A client-supplied id for the command: its events get derived ids, so a retry is written once. */
  readonly commandId?: string;
}

export interface CommandResult<Event, State> {
  readonly events: readonly Event[];
  readonly state: State;
  /** Revision of the stream after the command (undefined when the stream still does not exist). */
  readonly revision: bigint | undefined;
  readonly position: GlobalPosition | undefined;
}

/**
 * The whole command path (after Dudycz's `commandHandling.ts`): read the stream, fold it with
 * `evolve`, `decide`, append with the revision the decision was based on, then wait for the
 * projections so the response reflects the write. A concurrent writer makes the append fail
 * with `WrongExpectedVersion`, which the error handler turns into 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  stream: { readonly id: string; readonly eventSchema: z.ZodType<Event, z.ZodTypeDef, unknown> },
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  options: CommandOptions = {},
): Promise<CommandResult<Event, State>> {
  const { state, revision } = await loadAggregate(deps.eventStore, stream, decider);
  const events = decider.decide(command, state);
  const newState = events.reduce(decider.evolve, state);
  if (events.length === 0) return { events, state: newState, revision, position: undefined };

  const expected: ExpectedRevision = options.expectedRevision ?? revision ?? 'no_stream';
  const result = await deps.eventStore.appendToStream(
    stream.id,
    events.map((event, index) => ({
      id: options.commandId ? derivedEventId(options.commandId, stream.id, index) : randomUUID(),
      type: event.type,
      data: event.data,
      metadata,
    })),
    expected,
  );
  const caughtUp = await deps.waitForProjections(
    result.position,
    events.map((event) => event.type),
  );
  if (!caughtUp) {
    deps.logger.warn(
      { correlationId: metadata.correlationId, stream: stream.id },
      'read models lag behind the command',
    );
  }
  return { events, state: newState, revision: result.nextRevision, position: result.position };
}

/** Folds a stream into its current state; `revision` is undefined for a stream that does not exist. */
export async function loadAggregate<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  stream: { readonly id: string; readonly eventSchema: z.ZodType<Event, z.ZodTypeDef, unknown> },
  decider: Decider<Command, Event, State>,
): Promise<{ state: State; revision: bigint | undefined }> {
  const recorded = await eventStore.readStream(stream.id);
  let state = decider.initialState();
  for (const event of recorded) {
    const parsed = parseOwnData(
      stream.eventSchema,
      { type: event.type, data: event.data },
      `event ${event.id} of ${stream.id}`,
    );
    state = decider.evolve(state, parsed);
  }
  const last = recorded.at(-1);
  return { state, revision: last?.revision };
}

/** A UUID-shaped id derived from the command id, the stream and the event's index. */
function derivedEventId(commandId: string, streamId: string, index: number): string {
  const hex = createHash('sha256').update(`${commandId}\u0000${streamId}\u0000${index}`).digest('hex');
  // Version 5-style layout (name-based), so the value is a valid UUID for the uuid column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
