import { EventEmitter } from 'node:events';
import type { DatabasePool } from 'slonik';
import { comparePositions, fromCheckpoint, type GlobalPosition } from '@bari/event-store';
import { readCheckpoints } from './checkpoints.ts';
import type { ProjectionLogger } from './logger.ts';

export interface WaitForOptions {
  /** Projections that must have caught up; all of the runner's when omitted. */
  readonly projections?: readonly string[];
  /**
   * The event types the caller appended: only the projections handling one of them are
   * waited for (intersected with `projections` when both are given).
   */
  readonly eventTypes?: readonly string[];
  readonly timeoutMs: number;
}

/** What the waiters need to know of the runner. */
export interface WaitForSource {
  readonly pool: DatabasePool;
  readonly logger: ProjectionLogger;
  /** How often checkpoints of projections not running here are read. */
  readonly pollMs: number;
  /** The position a projection running here has reached, or undefined. */
  readonly reachedHere: (name: string) => GlobalPosition | undefined;
  /** Whether the projection runs here (its checkpoint then arrives through `notify`). */
  readonly runsHere: (name: string) => boolean;
  /** Asks the runner to read the log now (the caller usually just appended). */
  readonly wake: () => void;
  /**
   * A projection not running here was seen, in the checkpoints table, past a wait's position:
   * another process changed its read model (what this process cached of it is out of date).
   */
  readonly advancedElsewhere: (name: string) => void;
}

export interface Waiters {
  /** Resolves true once every name's checkpoint is at or after `position`, false after `timeoutMs`. */
  wait(names: readonly string[], position: GlobalPosition, timeoutMs: number): Promise<boolean>;
  /** A projection running here moved its checkpoint. */
  notify(name: string): void;
  /** Resolves every pending wait with false (the runner stops). */
  cancelAll(): void;
}

/**
 * Read-your-writes: a command waits until the read models it affects reflect its append.
 * Projections running here are watched in memory; others (another process's, or one failed
 * here and healed elsewhere) through the checkpoints table.
 */
export function createWaiters(source: WaitForSource): Waiters {
  const checkpoints = new EventEmitter();
  checkpoints.setMaxListeners(0); // one listener per pending wait
  const pendingWaits = new Set<(reached: boolean) => void>();
  let cancelled = false;
  const reached = (name: string, position: GlobalPosition): boolean => {
    const here = source.reachedHere(name);
    return here !== undefined && comparePositions(here, position) >= 0;
  };

  return {
    wait(names, position, timeoutMs) {
      const pending = new Set(names.filter((name) => !reached(name, position)));
      if (pending.size === 0) return Promise.resolve(true);
      if (cancelled) return Promise.resolve(false);
      source.wake();
      return new Promise<boolean>((resolve) => {
        let done = false;
        let pollTimer: NodeJS.Timeout | undefined;
        const finish = (result: boolean): void => {
          if (done) return;
          done = true;
          clearTimeout(timeout);
          clearTimeout(pollTimer);
          checkpoints.off('checkpoint', onCheckpoint);
          pendingWaits.delete(finish);
          resolve(result);
        };
        const settle = (name: string): void => {
          pending.delete(name);
          if (pending.size === 0) finish(true);
        };
        const onCheckpoint = (name: string): void => {
          if (pending.has(name) && reached(name, position)) settle(name);
        };
        const poll = async (): Promise<void> => {
          const elsewhere = [...pending].filter((name) => !source.runsHere(name));
          if (elsewhere.length > 0) {
            try {
              const rows = await readCheckpoints(source.pool, elsewhere);
              for (const [name, row] of rows) {
                if (row.position !== null && comparePositions(fromCheckpoint(row.position), position) >= 0) {
                  source.advancedElsewhere(name);
                  settle(name);
                }
              }
            } catch (error) {
              source.logger.warn({ err: error }, 'Could not read projection checkpoints while waiting');
            }
          }
          if (!done) pollTimer = setTimeout(() => void poll(), source.pollMs);
        };
        const timeout = setTimeout(() => finish(false), timeoutMs);
        checkpoints.on('checkpoint', onCheckpoint);
        pendingWaits.add(finish);
        void poll();
      });
    },
    notify(name) {
      checkpoints.emit('checkpoint', name);
    },
    cancelAll() {
      cancelled = true;
      for (const finish of pendingWaits) finish(false);
    },
  };
}

/** The projections a wait concerns: those named (or all), narrowed to those handling `eventTypes`. */
export function projectionsToWaitFor(
  all: readonly { readonly name: string; readonly eventTypes: readonly string[] }[],
  options: Pick<WaitForOptions, 'projections' | 'eventTypes'>,
): string[] {
  const named = options.projections ? new Set(options.projections) : undefined;
  const types = options.eventTypes ? new Set(options.eventTypes) : undefined;
  const names = all
    .filter((projection) => !named || named.has(projection.name))
    .filter((projection) => !types || projection.eventTypes.some((type) => types.has(type)))
    .map((projection) => projection.name);
  // A name this runner does not know is still waited for (through the checkpoints table).
  for (const name of options.projections ?? []) {
    if (!all.some((projection) => projection.name === name) && !types) names.push(name);
  }
  return names;
}
