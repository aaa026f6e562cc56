import type { IdentityEvent } from '@bari/contracts';
import type { StreamExpectation } from '../shared/stream-reads.ts';

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
