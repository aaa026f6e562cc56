import type { EventMetadata } from '@bari/contracts';

/**
 * What an append expects of the stream, with EventStoreDB's semantics so one type maps to
 * both adapters: `no_stream` (must not exist), `stream_exists`, `any`, or the exact 0-based
 * revision of the stream's last event (-1 would mean "no stream"; use `no_stream`).
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

/** An event about to be appended. `id` is unique: a retried append with the same ids is written once. */
export interface EventToAppend {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/** An event as stored. `position` is opaque to callers except for ordering and checkpoints. */
export interface RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  /** 0-based revision of the event in its stream. */
  readonly revision: bigint;
  /** Position in the global log; strictly increasing in commit order as readers see it. */
  readonly position: GlobalPosition;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly createdAt: Date;
}

/**
 * A place in the global log. PostgreSQL uses its global sequence; EventStoreDB its
 * commit/prepare pair. Serialised (`toCheckpoint`) it is an opaque text stored as a
 * projection's checkpoint.
 */
export interface GlobalPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  readonly nextRevision: bigint;
  /** Global position of the last appended event. */
  readonly position: GlobalPosition;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Revision to start at (inclusive). Defaults to the start (forwards) or the end (backwards). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; `undefined` means from the beginning. */
  readonly after?: GlobalPosition;
  readonly maxCount: number;
}

export interface Subscription {
  /** Stops the subscription; resolves once no handler call is running. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; `undefined` means from the beginning. */
  readonly after?: GlobalPosition;
  /** Called once per event, in position order, never concurrently. A throw stops the subscription. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called when the subscription stops because of an error. */
  readonly onError?: (error: unknown) => void;
}

export interface WatchOptions {
  /** Called soon after events may have been appended; calls may be merged or spurious. */
  readonly onAppended: () => void;
  /** Called when the watch stops because of an error. */
  readonly onError?: (error: unknown) => void;
}

/** The event store port. Both adapters pass the shared contract suite. */
export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  /** Reads one stream; a missing stream yields an empty list. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Reads a batch of the global log (user events only), in position order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the newest event in the global log, or undefined when empty. */
  headPosition(): Promise<GlobalPosition | undefined>;
  /** Catch-up subscription to the global log: history first, then live events. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * A cue to read, not a delivery: calls `onAppended` when events may have been appended (by
   * this process at once, by others through the store's notifications), without reading
   * them. A reader that must not miss events still polls now and then.
   */
  watchAppends(options: WatchOptions): Subscription;
  close(): Promise<void>;
}
