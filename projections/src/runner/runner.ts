import type { DatabasePool } from 'slonik';
import {
  comparePositions,
  fromCheckpoint,
  toCheckpoint,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@bari/event-store';
import { applyBatch, findPoisonEvent, liveTables, type ProjectionHandlerError } from './apply.ts';
import {
  ensureCheckpoints,
  advanceCheckpointIfUnchanged,
  lockCheckpoint,
  readCheckpoints,
  recordFailure,
  saveCheckpoint,
} from './checkpoints.ts';
import { createJsonLogger, type ProjectionLogger } from './logger.ts';
import { assertValidProjections, type Projection, type TableNames } from './projection.ts';
import { readProjectionStatus, type ProjectionCheckpointStatus } from './status.ts';
import { isTransient } from './transient.ts';
import { createWaiters, projectionsToWaitFor, type WaitForOptions } from './wait-for.ts';

export type { WaitForOptions } from './wait-for.ts';

/**
 * In this runner: `idle` before `start`, `running`, `failed` (an event could not be applied;
 * it resumes by itself once its checkpoint moves, after a rebuild or another runner's
 * success) or `stopped`.
 */
export type ProjectionState = 'idle' | 'running' | 'failed' | 'stopped';

export interface ProjectionStatus extends ProjectionCheckpointStatus {
  readonly state: ProjectionState;
  /**
   * Since when, in this runner, the projection has had a batch it could not commit yet (being
   * applied, or retried after transient failures); null when it has none. A batch takes well
   * under a second, so a long wait means a blocked projection (a lock, an unreachable database).
   */
  readonly waitingSince: Date | null;
}

export interface ProjectionRunnerOptions {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  readonly projections: readonly Projection[];
  /** Events read from the log per batch (one read feeds every projection). Default 1000. */
  readonly batchSize?: number;
  readonly logger?: ProjectionLogger;
  /** Longest the runner waits before looking at the log again without a wake-up. Default 1000 ms. */
  readonly idlePollMs?: number;
  /** How often `waitFor` reads the checkpoints of projections another process runs. Default 50 ms. */
  readonly waitPollMs?: number;
  /** First delay before retrying after a transient failure (doubled each time, up to 30 s). Default 250 ms. */
  readonly retryDelayMs?: number;
}

export interface ProjectionRunner {
  /** Loads the checkpoints and starts projecting; resolves once running (not caught up). */
  start(): Promise<void>;
  /** Finishes the batches in flight and stops; pending `waitFor` calls resolve false. */
  stop(): Promise<void>;
  /**
   * Resolves true once every concerned projection's checkpoint is at or after `position`,
   * false after `timeoutMs`. See `WaitForOptions` for which projections are concerned.
   */
  waitFor(position: GlobalPosition, options: WaitForOptions): Promise<boolean>;
  /** Each projection's state, checkpoint and lag (counted up to `lagLimit` when given). */
  status(options?: { readonly lagLimit?: number }): Promise<ProjectionStatus[]>;
  /**
   * Calls `listener` with a projection's name each time its read model may have changed (a
   * batch committed here, or another runner's progress taken; not a run of events it does not
   * handle), before any `waitFor` it satisfies resolves: what caches a read model's answers
   * drops them there. Returns the removal.
   */
  onAdvance(listener: (projection: string) => void): () => void;
}

interface Worker {
  readonly projection: Projection;
  readonly tables: TableNames;
  state: ProjectionState;
  /**
   * The checkpoint reached (text), and parsed. Past a run of events the projection does not
   * handle it moves here first and in the table within `SKIP_FLUSH_MS` (`stored`).
   */
  checkpoint: string | null;
  position: GlobalPosition | undefined;
  /** The checkpoint as this runner last wrote or read it in the table. */
  stored: string | null;
  readonly handles: ReadonlySet<string>;
  failure: string | null;
  /** Consecutive transient failures, and when the next attempt may run. */
  attempts: number;
  retryAt: number;
  /** When the batch it has not committed yet was first tried (ms), null when it has none. */
  waitingSince: number | null;
}

const RESUBSCRIBE_DELAY_MS = 1_000;
/**
 * How long a checkpoint moved past unhandled events may wait before it is written. Without
 * it every batch cost every projection a transaction and a commit (six on each write), most
 * of them only to say "nothing for me".
 */
const SKIP_FLUSH_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs projections over the global event log. One loop reads the log once per batch, from
 * the earliest checkpoint, and hands each running projection the events after its own
 * checkpoint; each projection applies its part and its new checkpoint in one transaction,
 * after locking the checkpoint row and checking that no other runner moved it meanwhile: a
 * crash never half-applies a batch, and two runners (the API's and a separate projector)
 * never apply one twice. Transient database errors are retried with backoff; an event that
 * cannot be applied stops its projection only, until its checkpoint moves.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, pool } = options;
  const batchSize = options.batchSize ?? 1_000;
  const idlePollMs = options.idlePollMs ?? 1_000;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const logger = options.logger ?? createJsonLogger({ name: 'projections' });
  assertValidProjections(options.projections);

  const workers = new Map<string, Worker>(
    options.projections.map((projection) => [
      projection.name,
      {
        projection,
        tables: liveTables(projection),
        state: 'idle',
        checkpoint: null,
        position: undefined,
        stored: null,
        handles: new Set(projection.eventTypes),
        failure: null,
        attempts: 0,
        retryAt: 0,
        waitingSince: null,
      },
    ]),
  );
  let phase: 'new' | 'started' | 'stopped' = 'new';
  let subscription: Subscription | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  /** Set by every wake-up and cleared before each read, so a wake-up during a read is kept. */
  let woken = false;
  let interruptSleep: (() => void) | undefined;

  const wake = (): void => {
    woken = true;
    interruptSleep?.();
  };

  const advanceListeners = new Set<(projection: string) => void>();
  /** Tells the listeners (the API's caches); one that throws neither fails a batch nor a wait. */
  const notifyAdvance = (name: string): void => {
    for (const listener of advanceListeners) {
      try {
        listener(name);
      } catch (error) {
        logger.error({ err: error, projection: name }, 'A read-model advance listener failed');
      }
    }
  };
  const waiters = createWaiters({
    pool,
    logger,
    pollMs: options.waitPollMs ?? 50,
    reachedHere: (name) => workers.get(name)?.position,
    runsHere: (name) => workers.get(name)?.state === 'running',
    wake,
    // Read models another process changed: the same news as this process's own progress.
    advancedElsewhere: (name) => notifyAdvance(name),
  });

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (phase === 'stopped' || woken) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      interruptSleep = done;
    });

  /** The table holds `checkpoint` for this worker (written or read): the in-memory one follows. */
  const stored = (worker: Worker, checkpoint: string | null): void => {
    worker.stored = checkpoint;
    advance(worker, checkpoint);
  };
  /**
   * Moves the worker's checkpoint. `readModelChanged` is false only when it moved past events
   * the projection does not handle: its tables are what they were, so caches keep their copies.
   */
  const advance = (worker: Worker, checkpoint: string | null, readModelChanged = true): void => {
    if (checkpoint === worker.checkpoint) return;
    worker.checkpoint = checkpoint;
    worker.position = checkpoint === null ? undefined : fromCheckpoint(checkpoint);
    // Caches first: a write answered once its read models caught up must not read an old copy.
    if (readModelChanged) notifyAdvance(worker.projection.name);
    waiters.notify(worker.projection.name);
  };

  /** Applies the part of `batch` after the worker's checkpoint, unless another runner got there first. */
  const applyTo = async (worker: Worker, batch: readonly RecordedEvent[]): Promise<void> => {
    const { projection } = worker;
    const events = worker.position
      ? batch.filter((event) => comparePositions(event.position, worker.position!) > 0)
      : batch;
    if (events.length === 0) return;
    const next = toCheckpoint(events[events.length - 1]!.position);
    if (!events.some((event) => worker.handles.has(event.type))) {
      // Nothing to write: the table's checkpoint follows later (`flushSkipped`).
      advance(worker, next, false);
      return;
    }
    const expected = worker.stored;
    worker.waitingSince ??= Date.now();
    try {
      const committed = await pool.transaction(async (tx) => {
        const current = await lockCheckpoint(tx, projection.name);
        // Another runner applied this batch (or more) already: take its checkpoint and go on.
        if (current !== expected) return current;
        await applyBatch(tx, projection, events, worker.tables, 'live');
        await saveCheckpoint(tx, projection.name, next);
        return next;
      });
      worker.attempts = 0;
      worker.waitingSince = null;
      stored(worker, committed);
    } catch (error) {
      if (isTransient(error)) return retryLater(worker, error);
      const poison = await findPoisonEvent(
        (work) => pool.transaction(work),
        projection,
        events,
        worker.tables,
        'live',
        error,
      ).catch((probeError: unknown) => (isTransient(probeError) ? undefined : probeError));
      if (poison === undefined) return retryLater(worker, error);
      await fail(worker, poison as ProjectionHandlerError | Error);
    }
  };

  let lastFlush = 0;
  /**
   * Writes the checkpoints moved past unhandled events only, one statement each, unless
   * another runner (or a rebuild) moved them meanwhile: then theirs is taken.
   */
  const flushSkipped = async (): Promise<void> => {
    lastFlush = Date.now();
    for (const worker of workers.values()) {
      if (worker.state !== 'running' || worker.checkpoint === worker.stored || worker.checkpoint === null)
        continue;
      stored(
        worker,
        await advanceCheckpointIfUnchanged(pool, worker.projection.name, worker.stored, worker.checkpoint),
      );
    }
  };

  const retryLater = (worker: Worker, error: unknown): void => {
    worker.attempts += 1;
    const delay = Math.min(MAX_RETRY_DELAY_MS, retryDelayMs * 2 ** (worker.attempts - 1));
    worker.retryAt = Date.now() + delay;
    logger.warn(
      { projection: worker.projection.name, attempts: worker.attempts, retryInMs: delay, err: error },
      `Projection ${worker.projection.name} could not advance; retrying`,
    );
  };

  const fail = async (worker: Worker, error: Error): Promise<void> => {
    worker.state = 'failed';
    worker.failure = error.message;
    worker.waitingSince = null;
    const event = 'event' in error ? (error as ProjectionHandlerError).event : undefined;
    logger.error(
      { projection: worker.projection.name, eventId: event?.id, eventType: event?.type, err: error.cause },
      `Projection ${worker.projection.name} stopped on an event it cannot apply; it resumes after a rebuild`,
    );
    await recordFailure(pool, worker.projection.name, error.message).catch((cause: unknown) =>
      logger.warn(
        { projection: worker.projection.name, err: cause },
        'Could not record the projection failure',
      ),
    );
  };

  /**
   * A failed projection resumes once its checkpoint moved (a rebuild swapped in fresh
   * tables, or another runner applied the event) or its failure was cleared.
   */
  const healFailed = async (): Promise<void> => {
    const failed = [...workers.values()].filter((worker) => worker.state === 'failed');
    if (failed.length === 0) return;
    const rows = await readCheckpoints(
      pool,
      failed.map((worker) => worker.projection.name),
    );
    for (const worker of failed) {
      const row = rows.get(worker.projection.name);
      if (!row || (row.position === worker.stored && row.error !== null)) continue;
      stored(worker, row.position);
      worker.state = 'running';
      worker.failure = null;
      worker.attempts = 0;
      logger.info({ projection: worker.projection.name, checkpoint: row.position }, 'Projection resumed');
    }
  };

  const run = async (): Promise<void> => {
    let readFailures = 0;
    while (phase === 'started') {
      woken = false;
      let full = false;
      try {
        await healFailed();
        const now = Date.now();
        const ready = [...workers.values()].filter(
          (worker) => worker.state === 'running' && worker.retryAt <= now,
        );
        if (ready.length > 0) {
          const from = earliestPosition(ready.map((worker) => worker.position));
          const batch = await eventStore.readAll({ after: from, maxCount: batchSize });
          if (batch.length > 0) await Promise.all(ready.map((worker) => applyTo(worker, batch)));
          full = batch.length === batchSize;
        }
        if (Date.now() - lastFlush >= SKIP_FLUSH_MS) await flushSkipped();
        readFailures = 0;
      } catch (error) {
        readFailures += 1;
        const delay = Math.min(MAX_RETRY_DELAY_MS, retryDelayMs * 2 ** readFailures);
        logger.warn(
          { attempts: readFailures, retryInMs: delay, err: error },
          'Projections could not read the log; retrying',
        );
        await sleep(delay);
        continue;
      }
      if (!full) await sleep(nextSleep());
    }
  };

  /** Until the next retry is due, at most the idle poll. */
  const nextSleep = (): number => {
    const now = Date.now();
    let ms = idlePollMs;
    for (const worker of workers.values()) {
      if (worker.state === 'running' && worker.retryAt > now) ms = Math.min(ms, worker.retryAt - now);
    }
    return ms;
  };

  /**
   * Live appends wake the runner at once (the store notifies across processes too). Only the
   * cue: the runner reads the events itself, once for all its projections; a subscription
   * would read every event a second time just to say it exists.
   */
  const subscribeForWakeups = async (): Promise<void> => {
    resubscribeTimer = undefined;
    if (phase !== 'started') return;
    const retry = (error: unknown): void => {
      logger.warn({ err: error }, 'Event subscription failed; projections poll until it is back');
      subscription = undefined;
      if (phase === 'started')
        resubscribeTimer = setTimeout(() => void subscribeForWakeups(), RESUBSCRIBE_DELAY_MS);
    };
    try {
      subscription = eventStore.watchAppends({ onAppended: wake, onError: retry });
    } catch (error) {
      retry(error);
    }
  };

  return {
    async start() {
      if (phase !== 'new') throw new Error('The projection runner can only be started once');
      phase = 'started';
      const names = [...workers.keys()];
      if (names.length === 0) return;
      await ensureCheckpoints(pool, names);
      const rows = await readCheckpoints(pool, names);
      for (const worker of workers.values()) {
        stored(worker, rows.get(worker.projection.name)?.position ?? null);
        worker.state = 'running';
      }
      await subscribeForWakeups();
      loop = run();
      logger.info(
        {
          projections: [...workers.values()].map((w) => ({
            name: w.projection.name,
            checkpoint: w.checkpoint,
          })),
        },
        'Projection runner started',
      );
    },

    async stop() {
      if (phase === 'stopped') return;
      const wasStarted = phase === 'started';
      phase = 'stopped';
      clearTimeout(resubscribeTimer);
      interruptSleep?.();
      waiters.cancelAll();
      await subscription?.stop();
      await loop;
      if (wasStarted) {
        await flushSkipped().catch((error: unknown) =>
          logger.warn({ err: error }, 'Could not write the checkpoints of skipped events'),
        );
      }
      for (const worker of workers.values()) if (worker.state === 'running') worker.state = 'stopped';
      if (wasStarted && workers.size > 0) logger.info({}, 'Projection runner stopped');
    },

    waitFor(position, waitOptions) {
      const names = projectionsToWaitFor(options.projections, waitOptions);
      if (phase === 'stopped') {
        return Promise.resolve(
          names.every((name) => {
            const reached = workers.get(name)?.position;
            return reached !== undefined && comparePositions(reached, position) >= 0;
          }),
        );
      }
      return waiters.wait(names, position, waitOptions.timeoutMs);
    },

    onAdvance(listener) {
      advanceListeners.add(listener);
      return () => advanceListeners.delete(listener);
    },

    async status(statusOptions = {}) {
      const rows = await readProjectionStatus({
        eventStore,
        pool,
        projections: options.projections,
        lagLimit: statusOptions.lagLimit,
        // Running here, a checkpoint moved past unhandled events is ahead of the table's.
        reached: (name) => {
          const worker = workers.get(name);
          return worker?.state === 'running' ? worker.checkpoint : undefined;
        },
      });
      return rows.map((row) => {
        const worker = workers.get(row.name)!;
        const waitingSince = worker.waitingSince === null ? null : new Date(worker.waitingSince);
        return { ...row, state: worker.state, error: worker.failure ?? row.error, waitingSince };
      });
    },
  };
}

/** The earliest of the positions; undefined (the start of the log) when any is. */
function earliestPosition(positions: readonly (GlobalPosition | undefined)[]): GlobalPosition | undefined {
  let earliest: GlobalPosition | undefined;
  for (const position of positions) {
    if (position === undefined) return undefined;
    if (earliest === undefined || comparePositions(position, earliest) < 0) earliest = position;
  }
  return earliest;
}
