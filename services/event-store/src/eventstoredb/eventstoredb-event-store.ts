import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type RecordedEvent as ClientRecordedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '@bari/contracts';
import { DuplicateEventIds, WrongExpectedVersion } from '../errors.ts';
import { comparePositions } from '../position.ts';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  GlobalPosition,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port.ts';
import { createSubscriptionRegistry } from '../subscription-registry.ts';
import { isInsideHandlerOf, runInHandlerScope } from '../subscription-scope.ts';
import { validateAppend } from '../validate-append.ts';

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`, or a `esdb+discover://` cluster address. */
  readonly connectionString: string;
}

/**
 * The EventStoreDB event store, for deployments that outgrow one machine. Chosen by
 * `createEventStore` when `EVENTSTORE_CONNECTION_STRING` is set.
 */
export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = createSubscriptionRegistry();

  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    let from: ReadPosition = after ?? START;
    // $all is read in pages because system events count against maxCount but are dropped,
    // and a short batch must mean "caught up" to the caller.
    while (events.length < maxCount) {
      const wanted = maxCount - events.length + 1;
      let received = 0;
      let last: GlobalPosition | undefined;
      for await (const resolved of client.readAll({
        fromPosition: from,
        maxCount: wanted,
        direction: FORWARDS,
      })) {
        received += 1;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        // fromPosition is inclusive for reads; our `after` is exclusive.
        if (after && comparePositions(event.position, after) <= 0) continue;
        if (isSystemEvent(event)) continue;
        events.push(toRecordedEvent(event));
        if (events.length === maxCount) break;
      }
      if (received < wanted || !last) break;
      from = last;
      after = last;
    }
    return events;
  };

  return {
    async appendToStream(streamId, events, expected): Promise<AppendResult> {
      validateAppend(streamId, events);
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              // validateAppend has checked the data serialises to JSON.
              data: event.data as JSONType,
              metadata: event.metadata,
            }),
          ),
          { expectedRevision: toClientExpectedRevision(expected) },
        );
        // Read back what the stream holds at the appended revisions: EventStoreDB answers a
        // retry with the same ids as a success whatever its content, and the position it
        // reports for several events is not documented to be the last one's. The same
        // rules as the PostgreSQL store: the last event's position, and a reuse of ids for
        // other content refused.
        const stored = await readRange(client, streamId, result.nextExpectedRevision, events.length);
        assertSameAppend(streamId, events, stored);
        const position = stored.at(-1)?.position ?? result.position;
        if (!position)
          throw new Error(`EventStoreDB reported no position for ${streamId}: server 22.6+ required`);
        return { nextRevision: result.nextExpectedRevision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedVersion(streamId, expected, error.actualVersion, { cause: error });
        }
        throw error;
      }
    },

    async readStream(streamId, { direction = 'forwards', fromRevision, maxCount } = {}) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
          fromRevision: fromRevision ?? (direction === 'forwards' ? START : END),
          ...(maxCount === undefined ? {} : { maxCount }),
        })) {
          if (resolved.event) events.push(toRecordedEvent(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    readAll,

    async headPosition() {
      // Walk back past system events ($statistics, $scavenges...) to the newest user event.
      const pageSize = 100;
      let from: ReadPosition = END;
      for (;;) {
        let received = 0;
        let last: GlobalPosition | undefined;
        for await (const resolved of client.readAll({
          fromPosition: from,
          maxCount: pageSize,
          direction: BACKWARDS,
        })) {
          received += 1;
          const event = resolved.event;
          if (!event) continue;
          if (!isSystemEvent(event)) return event.position;
          last = event.position;
        }
        if (received < pageSize || !last) return undefined;
        from = last;
      }
    },

    subscribeToAll(subscribeOptions) {
      return subscriptions.track(subscribe(client, subscribeOptions));
    },

    watchAppends({ onAppended, onError }) {
      // EventStoreDB pushes new events to a subscription from the end of the log; each one is
      // the cue (it is not handed on).
      return subscriptions.track(subscribe(client, { onEvent: () => onAppended(), onError }, END));
    },

    async close() {
      await subscriptions.stopAll();
      await client.dispose();
    },
  };
}

function subscribe(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  // Exclusive, unlike readAll's: exactly "strictly after the checkpoint".
  fromPosition: GlobalPosition | typeof START | typeof END = options.after ?? START,
): Subscription {
  let stopped = false;
  const stream = client.subscribeToAll({
    fromPosition,
    filter: excludeSystemEvents(),
  });
  const subscription: Subscription = {
    async stop() {
      stopped = true;
      await stream.unsubscribe();
      if (isInsideHandlerOf(subscription)) return;
      await finished.catch(() => undefined);
    },
  };
  const run = async (): Promise<void> => {
    try {
      // for-await pulls one event at a time, so handler calls never overlap.
      for await (const resolved of stream) {
        if (stopped) return;
        const event = resolved.event;
        if (!event || isSystemEvent(event)) continue;
        const recorded = toRecordedEvent(event);
        await runInHandlerScope(subscription, () => options.onEvent(recorded));
      }
    } catch (error) {
      if (stopped) return; // unsubscribing cancels the gRPC call, which surfaces as an error
      throw error;
    } finally {
      stopped = true;
      await stream.unsubscribe().catch(() => undefined);
    }
  };
  const finished = run().catch((error: unknown) => {
    if (!options.onError) throw error; // an unobserved subscription must not die quietly
    options.onError(error);
  });
  return subscription;
}

function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  // Our type mirrors the client's, constant for constant.
  return expected;
}

/** The `count` events of the stream ending at revision `last`, oldest first. */
async function readRange(
  client: EventStoreDBClient,
  streamId: string,
  last: bigint,
  count: number,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  const fromRevision = last - BigInt(count) + 1n;
  for await (const resolved of client.readStream(streamId, { fromRevision, maxCount: count })) {
    if (resolved.event) events.push(toRecordedEvent(resolved.event));
  }
  return events;
}

/** The stored events must be this append's: same ids in the same order, same type and data. */
function assertSameAppend(
  streamId: string,
  appended: readonly EventToAppend[],
  stored: readonly RecordedEvent[],
) {
  const same =
    stored.length === appended.length &&
    appended.every((event, index) => {
      const found = stored[index]!;
      return (
        found.id.toLowerCase() === event.id.toLowerCase() &&
        found.type === event.type &&
        canonicalJson(found.data) === canonicalJson(event.data)
      );
    });
  if (!same) throw new DuplicateEventIds(streamId, appended.map((event) => event.id.toLowerCase()).sort());
}

/** JSON with object keys sorted, so two equal documents compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

function isSystemEvent(event: ClientRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(event: ClientRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(
      `EventStoreDB returned ${event.streamId}@${event.revision} without a position: server 22.6+ required`,
    );
  }
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: { commit: event.position.commit, prepare: event.position.prepare },
    type: event.type,
    data: event.data,
    // Checked against EventMetadataSchema on append; the client parses JSON metadata.
    metadata: event.metadata as EventMetadata,
    createdAt: event.created,
  };
}
