import type { ExpectedRevision } from './port.ts';

/** A stream's revision as the store saw it when it refused an append. */
export type ActualRevision = bigint | 'no_stream';

/**
 * The stream was not at the expected revision: someone else appended first (or the stream
 * is missing / already exists). The API turns it into HTTP 409; the caller may reload and retry.
 */
export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: ActualRevision;

  constructor(streamId: string, expected: ExpectedRevision, actual: ActualRevision, options?: ErrorOptions) {
    super(
      `Wrong expected revision on stream "${streamId}": expected ${String(expected)}, actual ${String(actual)}`,
      options,
    );
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

export function isWrongExpectedVersion(error: unknown): error is WrongExpectedVersion {
  return error instanceof WrongExpectedVersion;
}

/**
 * Some of the event ids of an append are already stored, but not as exactly this append
 * (same stream, same ids, same order). A retry of the same command is answered with its
 * original result instead; this is a different write reusing ids, which is a bug upstream.
 */
export class DuplicateEventIds extends Error {
  override readonly name = 'DuplicateEventIds';
  readonly streamId: string;
  readonly eventIds: readonly string[];

  constructor(streamId: string, eventIds: readonly string[]) {
    super(
      `Append to stream "${streamId}" reuses event ids already stored elsewhere or in another order: ${eventIds.join(', ')}`,
    );
    this.streamId = streamId;
    this.eventIds = eventIds;
  }
}
