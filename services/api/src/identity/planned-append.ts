import type { IdentityEvent } from '@bari/contracts';

/**
 * What a command handler must expect of a stream when it appends:
 * - `no_stream`: the stream must not exist yet (a fresh aggregate);
 * - `as_read`: the stream must still be at the revision the handler read before deciding
 *   (`no_stream` if it did not exist), so a concurrent change makes the append fail;
 * - `any`: no expectation (records that decide nothing, e.g. `SystemInitialized` when forced).
 */
export type StreamExpectation = 'no_stream' | 'as_read' | 'any';

/**
 * One append a multi-stream operation (initialization, login with an invitation key) asks
 * for. A plan is a list of these, to be appended in order, each stream with its expectation;
 * an append that fails stops the rest (the order is chosen so that what is left behind is
 * harmless — see each planner).
 */
export interface PlannedAppend<Event extends IdentityEvent = IdentityEvent> {
  readonly streamId: string;
  readonly expected: StreamExpectation;
  readonly events: readonly Event[];
}
