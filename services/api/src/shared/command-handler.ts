import type { z } from 'zod';
import type { EventMetadata } from '@bari/contracts';
import type { EventStore, ExpectedRevision, GlobalPosition } from '@bari/event-store';
import type { Logger } from './logger.ts';
import { foldEvents, type Decider } from './decider.ts';
import { parseOwnData } from './domain-error.ts';
import { derivedEventId } from './derived-id.ts';
import { IdempotencyKeyReused } from './idempotency-key-reused.ts';
import { newId } from './new-id.ts';

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
  readonly waitForProjections: (
    position: GlobalPosition,
    eventTypes?: readonly string[],
    /** Only these projections (by name), intersected with those handling `eventTypes`. */
    projections?: readonly string[],
  ) => Promise<boolean>;
  readonly logger: Logger;
}

/** A stream as the command path takes it: its id and the schema of its events. */
export interface AggregateStream<Event> {
  readonly id: string;
  readonly eventSchema: z.ZodType<Event, z.ZodTypeDef, unknown>;
}

/** What folding a stream needs of its decider. */
export type Fold<Event, State> = Pick<Decider<never, Event, State>, 'evolve' | 'evolveAll' | 'initialState'>;

export interface CommandOptions {
  /** The revision the client saw (If-Match / version); a different current revision → 409. */
  readonly expectedRevision?: bigint;
  /**
   * Names the command (from the `Idempotency-Key` header): its events get ids derived from
   * it, so a retry finds them in the stream and is answered with the first result instead of
   * being decided again.
   */
  readonly commandId?: string;
}

export interface CommandResult<Event, State> {
  readonly events: readonly Event[];
  readonly state: State;
  /** Revision of the stream after the command (undefined when the stream still does not exist). */
  readonly revision: bigint | undefined;
  readonly position: GlobalPosition | undefined;
  /** When the stream was started: its first event's metadata timestamp (undefined: no stream). */
  readonly startedAt: string | undefined;
}

/** One stored event of a loaded stream, parsed, with where it landed. */
export interface LoadedEvent<Event> {
  readonly id: string;
  readonly event: Event;
  readonly revision: bigint;
  readonly position: GlobalPosition;
  /** Its command's request body hash, when it was sent with an `Idempotency-Key`. */
  readonly requestFingerprint: string | undefined;
}

export interface LoadedAggregate<Event, State> {
  readonly state: State;
  /** Undefined for a stream that does not exist. */
  readonly revision: bigint | undefined;
  /** The metadata timestamp of the stream's first event: the instant its first command was decided. */
  readonly startedAt: string | undefined;
  readonly events: readonly LoadedEvent<Event>[];
}

/** Reads a stream and folds it into its current state: the one read of the command path. */
export async function loadAggregate<Event extends DomainEvent, State>(
  eventStore: EventStore,
  stream: AggregateStream<Event>,
  fold: Fold<Event, State>,
): Promise<LoadedAggregate<Event, State>> {
  const recorded = await eventStore.readStream(stream.id);
  const events: LoadedEvent<Event>[] = recorded.map((stored) => ({
    id: stored.id,
    event: parseOwnData(
      stream.eventSchema,
      { type: stored.type, data: stored.data },
      `event ${stored.id} of ${stream.id}`,
    ),
    revision: stored.revision,
    position: stored.position,
    requestFingerprint: stored.metadata.requestFingerprint,
  }));
  return {
    state: foldEvents(
      fold,
      fold.initialState(),
      events.map((loaded) => loaded.event),
    ),
    revision: recorded.at(-1)?.revision,
    startedAt: recorded[0]?.metadata.timestamp,
    events,
  };
}

/**
 * The whole command path (after Dudycz's `commandHandling.ts`): read the stream, fold it with
 * `evolve`, `decide`, append with the revision the decision was based on, then wait for the
 * projections so the response reflects the write. A concurrent writer makes the append fail
 * with `WrongExpectedVersion`, which the error handler turns into 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  stream: AggregateStream<Event>,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  options: CommandOptions = {},
): Promise<CommandResult<Event, State>> {
  const loaded = await loadAggregate(deps.eventStore, stream, decider);
  return decideAndAppend(deps, stream, decider, loaded, command, metadata, options);
}

/**
 * The command path after the read, for a caller that already loaded the stream (to look at
 * it before deciding): no second read. A command whose `commandId` already wrote its events
 * to this stream is answered from them (state, revision and position as it left them).
 */
export async function decideAndAppend<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  stream: AggregateStream<Event>,
  decider: Decider<Command, Event, State>,
  loaded: LoadedAggregate<Event, State>,
  command: Command,
  metadata: EventMetadata,
  options: CommandOptions = {},
): Promise<CommandResult<Event, State>> {
  const earlier = options.commandId
    ? replayed(loaded, decider, stream.id, options.commandId, metadata)
    : undefined;
  if (earlier) {
    if (earlier.position) {
      await waitForReadModels(
        deps,
        earlier.position,
        earlier.events.map((event) => event.type),
        metadata,
        stream.id,
      );
    }
    return earlier;
  }
  const events = decider.decide(command, loaded.state);
  const state = foldEvents(decider, loaded.state, events);
  const { revision, startedAt } = loaded;
  if (events.length === 0) return { events, state, revision, position: undefined, startedAt };

  const expected: ExpectedRevision = options.expectedRevision ?? revision ?? 'no_stream';
  const result = await deps.eventStore.appendToStream(
    stream.id,
    events.map((event, index) => ({
      id: options.commandId ? derivedEventId(options.commandId, stream.id, index) : newId(),
      type: event.type,
      data: event.data,
      metadata,
    })),
    expected,
  );
  await waitForReadModels(
    deps,
    result.position,
    events.map((event) => event.type),
    metadata,
    stream.id,
  );
  return {
    events,
    state,
    revision: result.nextRevision,
    position: result.position,
    startedAt: startedAt ?? metadata.timestamp,
  };
}

/** Where the first event the command named `commandId` appended to this stream is (-1: none). */
function firstEventOf(
  loaded: LoadedAggregate<unknown, unknown>,
  streamId: string,
  commandId: string,
): number {
  const id = derivedEventId(commandId, streamId, 0);
  return loaded.events.findIndex((stored) => stored.id === id);
}

/**
 * Whether the command named `commandId` already wrote to this stream: a retry, answered from
 * its events by `decideAndAppend` (a registration's retry then skips its CPF's reservation).
 */
export const hasRun = (
  loaded: LoadedAggregate<unknown, unknown>,
  streamId: string,
  commandId: string,
): boolean => firstEventOf(loaded, streamId, commandId) >= 0;

/**
 * What the command named `commandId` did to this stream when it ran before: its events
 * (found by their derived ids) and the state, revision and position right after them. A
 * retry whose body differs from the first request's is refused (`IdempotencyKeyReused`).
 */
function replayed<Event, State>(
  loaded: LoadedAggregate<Event, State>,
  fold: Fold<Event, State>,
  streamId: string,
  commandId: string,
  metadata: EventMetadata,
): CommandResult<Event, State> | undefined {
  const first = firstEventOf(loaded, streamId, commandId);
  if (first < 0) return undefined;
  const written = loaded.events[first]?.requestFingerprint;
  if (
    written !== undefined &&
    metadata.requestFingerprint !== undefined &&
    written !== metadata.requestFingerprint
  )
    throw new IdempotencyKeyReused();
  let end = first + 1;
  while (loaded.events[end]?.id === derivedEventId(commandId, streamId, end - first)) end += 1;
  const upTo = loaded.events.slice(0, end);
  const last = upTo.at(-1);
  return {
    events: upTo.slice(first).map((stored) => stored.event),
    state: foldEvents(
      fold,
      fold.initialState(),
      upTo.map((stored) => stored.event),
    ),
    revision: last?.revision,
    position: last?.position,
    startedAt: loaded.startedAt,
  };
}

async function waitForReadModels(
  deps: CommandDependencies,
  position: GlobalPosition,
  eventTypes: readonly string[] | undefined,
  metadata: EventMetadata,
  streamId: string,
): Promise<void> {
  if (await deps.waitForProjections(position, eventTypes)) return;
  deps.logger.warn(
    { correlationId: metadata.correlationId, stream: streamId },
    'read models lag behind the command',
  );
}

/**
 * The same dependencies, but commands do not wait for the read models: for appends no read
 * model shows (reservations), and for bulk commands that wait once, after the last one.
 */
export const withoutWaiting = <Deps extends CommandDependencies>(deps: Deps): Deps => ({
  ...deps,
  waitForProjections: async () => true,
});
