import type { EventMetadata } from '@bari/contracts';
import type { GlobalPosition } from '@bari/event-store';
import type { CommandDependencies } from '../shared/command-handler.ts';
import type { PlannedAppend } from './planned-append.ts';
import type { StreamReads } from '../shared/stream-reads.ts';
import { newId } from '../shared/new-id.ts';

export interface PlanOutcome {
  /** Global position of the last event written, undefined when the plan wrote nothing. */
  readonly position: GlobalPosition | undefined;
}

/**
 * Appends a multi-stream plan (initialization, login, user deletion…) in order, each stream
 * with its expectation, then waits for the read models to catch up with the last write
 * (read-your-writes). An append that fails stops the plan and throws: each planner orders
 * its appends so that what an interrupted plan leaves behind is harmless (see the planners).
 */
export async function executePlan(
  deps: CommandDependencies,
  reads: StreamReads,
  appends: readonly PlannedAppend[],
  metadata: EventMetadata,
): Promise<PlanOutcome> {
  let position: GlobalPosition | undefined;
  for (const append of appends) {
    if (append.events.length === 0) continue;
    const result = await deps.eventStore.appendToStream(
      append.streamId,
      append.events.map((event) => ({ id: newId(), type: event.type, data: event.data, metadata })),
      reads.expectation(append.streamId, append.expected),
    );
    reads.appended(append.streamId, result.nextRevision);
    position = result.position;
  }
  if (position) {
    const caughtUp = await deps.waitForProjections(
      position,
      appends.flatMap((append) => append.events.map((event) => event.type)),
    );
    if (!caughtUp) {
      deps.logger.warn({ correlationId: metadata.correlationId }, 'read models lag behind the command');
    }
  }
  return { position };
}
