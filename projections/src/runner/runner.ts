import { EventEmitter } from 'node:events';
import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  ConnectionError,
  IdleTransactionTimeoutError,
  type DatabasePool,
} from 'slonik';
import {
  comparePositions,
  fromCheckpoint,
  toCheckpoint,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@bari/event-store';
import { applyEvents, liveTables, ProjectionHandlerError } from './apply.ts';
import {
  ensureCheckpoints,
  lockCheckpoint,
  readCheckpoints,
  recordFailure,
  saveCheckpoint,
} from './checkpoints.ts';
import { createJsonLogger, type ProjectionLogger } from './logger.ts';
import { assertValidProjections, type Projection, type TableNames } from './projection.ts';
import { readProjectionStatus, type ProjectionCheckpointStatus } from './status.ts';

/** In this runner: `idle` before `start`, `running`, `failed` (its handler threw) or `stopped`. */
export type ProjectionState = 'idle' | 'running' | 'failed' | 'stopped';

export interface ProjectionStatus extends ProjectionCheckpointStatus {
  readonly state: ProjectionState;
}

export interface WaitForOptions {
  /** Projections that must have caught up; all of this runner's when omitted. */
  readonly projections?: readonly string[];
  readonly timeoutMs: number;
}

export interface ProjectionRunnerOptions {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  readonly projections: readonly Projection[];
  /** Events read and applied per transaction. Default 500. */
  readonly batchSize?: number;
  readonly logger?: ProjectionLogger;
  /** Longest an idle projection waits before looking at the log again without a wake-up. Default 1000 ms. */
  readonly idlePollMs?: number;
  /** How often `waitFor` reads the checkpoints of projections another process runs. Default 50 ms. */
  readonly waitPollMs?: number;
}

export interface ProjectionRunner {
  /** Loads the checkpoints and starts projecting; resolves once running (not caught up). */
  start(): Promise<void>;
  /** Finishes the batches in flight and stops; pending `waitFor` calls resolve false. */
  stop(): Promise<void>;
  /**
   * Resolves true once every named projection's checkpoint is at or after `position`, false
   * after `timeoutMs`. Projections this runner runs are watched in memory; others (run by
   * another process, or failed here) through the checkpoints table.
   */
  waitFor(position: GlobalPosition, options: WaitForOptions): Promise<boolean>;
  /** Each projection's state here, its checkpoint and its lag in events. */
  /** Each projection's state, checkpoint and lag (counted up to `lagLimit` when given). */
  status(options?: { readonly lagLimit?: number }): Promise<ProjectionStatus[]>;
}

interface Worker {
  readonly projection: Projection;
  readonly tables: TableNames;
  state: ProjectionState;
  /** The checkpoint as stored (text), and parsed. */
  checkpoint: string | null;
  position: GlobalPosition | undefined;
  failure: string | null;
  /** Set by every wake-up and cleared before each read, so a wake-up during a read is kept. */
  woken: boolean;
  interruptSleep: (() => void) | undefined;
  loop: Promise<void> | undefined;
}

const RESUBSCRIBE_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs projections over the global event log. Each projection reads the log after its own
 * checkpoint in batches and applies each batch together with the new checkpoint in one
 * transaction, after locking the checkpoint row and checking that no other runner moved it
 * meanwhile: a crash never half-applies a batch, and two runners (the API's and a separate
 * projector) never apply one twice.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, pool } = options;
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 1_000;
  const waitPollMs = options.waitPollMs ?? 50;
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
        failure: null,
        woken: false,
        interruptSleep: undefined,
        loop: undefined,
      },
    ]),
  );
  const checkpoints = new EventEmitter();
  checkpoints.setMaxListeners(0); // one listener per pending waitFor
  const waiters = new Set<(reached: boolean) => void>();
  let phase: 'new' | 'started' | 'stopped' = 'new';
  let subscription: Subscription | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;

  const wake = (worker: Worker): void => {
    worker.woken = true;
    worker.interruptSleep?.();
  };
  const wakeAll = (): void => workers.forEach(wake);

  /** Waits `ms`, or less when stopped or (if `wakeable`) woken. */
  const sleep = (worker: Worker, ms: number, wakeable: boolean): Promise<void> =>
    new Promise((resolve) => {
      if (phase === 'stopped' || (wakeable && worker.woken)) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        worker.interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      worker.interruptSleep = wakeable ? done : () => phase === 'stopped' && done();
    });

  const advance = (worker: Worker, checkpoint: string | null): void => {
    if (checkpoint === worker.checkpoint) return;
    worker.checkpoint = checkpoint;
    worker.position = checkpoint === null ? undefined : fromCheckpoint(checkpoint);
    checkpoints.emit('checkpoint', worker.projection.name);
  };

  /** Applies one batch read after the worker's checkpoint, unless another runner got there first. */
  const applyBatch = async (worker: Worker, batch: readonly RecordedEvent[]): Promise<void> => {
    const { projection } = worker;
    const expected = worker.checkpoint;
    const next = toCheckpoint(batch[batch.length - 1]!.position);
    const stored = await pool.transaction(async (tx) => {
      const current = await lockCheckpoint(tx, projection.name);
      // Another runner applied this batch (or more) already: take its checkpoint and go on.
      if (current !== expected) return current;
      await applyEvents(tx, projection, batch, worker.tables);
      await saveCheckpoint(tx, projection.name, next);
      return next;
    });
    advance(worker, stored);
  };

  const fail = async (worker: Worker, error: ProjectionHandlerError): Promise<void> => {
    worker.state = 'failed';
    worker.failure = error.message;
    logger.error(
      {
        projection: worker.projection.name,
        eventId: error.event.id,
        eventType: error.event.type,
        err: error.cause,
      },
      `Projection ${worker.projection.name} stopped: its handler failed; fix it and restart or rebuild`,
    );
    await recordFailure(pool, worker.projection.name, error.message).catch((cause: unknown) =>
      logger.warn(
        { projection: worker.projection.name, err: cause },
        'Could not record the projection failure',
      ),
    );
  };

  const run = async (worker: Worker): Promise<void> => {
    let attempts = 0;
    while (phase === 'started') {
      worker.woken = false;
      try {
        const batch = await eventStore.readAll({ after: worker.position, maxCount: batchSize });
        if (batch.length > 0) await applyBatch(worker, batch);
        attempts = 0;
        if (batch.length < batchSize) await sleep(worker, idlePollMs, true);
      } catch (error) {
        if (error instanceof ProjectionHandlerError && !isTransient(error.cause)) {
          await fail(worker, error);
          return;
        }
        attempts += 1;
        const delay = Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** attempts);
        logger.warn(
          { projection: worker.projection.name, attempts, retryInMs: delay, err: error },
          `Projection ${worker.projection.name} could not advance; retrying`,
        );
        await sleep(worker, delay, false);
      }
    }
  };

  /** Live appends wake the projections at once (the store notifies across processes too). */
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
      const head = await eventStore.headPosition();
      if (phase !== 'started') return;
      subscription = eventStore.subscribeToAll({ after: head, onEvent: wakeAll, onError: retry });
    } catch (error) {
      retry(error);
    }
  };

  const reachedHere = (name: string, position: GlobalPosition): boolean => {
    const reached = workers.get(name)?.position;
    return reached !== undefined && comparePositions(reached, position) >= 0;
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
        advance(worker, rows.get(worker.projection.name)?.position ?? null);
        worker.state = 'running';
      }
      await subscribeForWakeups();
      for (const worker of workers.values()) worker.loop = run(worker);
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
      workers.forEach((worker) => worker.interruptSleep?.());
      for (const finish of waiters) finish(false);
      await subscription?.stop();
      await Promise.all([...workers.values()].map((worker) => worker.loop));
      for (const worker of workers.values()) if (worker.state === 'running') worker.state = 'stopped';
      if (wasStarted && workers.size > 0) logger.info({}, 'Projection runner stopped');
    },

    waitFor(position, { projections: names, timeoutMs }) {
      const pending = new Set((names ?? [...workers.keys()]).filter((name) => !reachedHere(name, position)));
      if (pending.size === 0) return Promise.resolve(true);
      if (phase === 'stopped') return Promise.resolve(false);
      // The caller usually just appended: read the log now rather than at the next wake-up.
      for (const name of pending) {
        const worker = workers.get(name);
        if (worker) wake(worker);
      }
      return new Promise<boolean>((resolve) => {
        let done = false;
        let pollTimer: NodeJS.Timeout | undefined;
        const finish = (reached: boolean): void => {
          if (done) return;
          done = true;
          clearTimeout(timeout);
          clearTimeout(pollTimer);
          checkpoints.off('checkpoint', onCheckpoint);
          waiters.delete(finish);
          resolve(reached);
        };
        const settle = (name: string): void => {
          pending.delete(name);
          if (pending.size === 0) finish(true);
        };
        const onCheckpoint = (name: string): void => {
          if (pending.has(name) && reachedHere(name, position)) settle(name);
        };
        // Projections not running here are advanced by another process: watch the table.
        const poll = async (): Promise<void> => {
          const elsewhere = [...pending].filter((name) => workers.get(name)?.state !== 'running');
          if (elsewhere.length > 0) {
            try {
              const rows = await readCheckpoints(pool, elsewhere);
              for (const [name, row] of rows) {
                if (row.position !== null && comparePositions(fromCheckpoint(row.position), position) >= 0) {
                  settle(name);
                }
              }
            } catch (error) {
              logger.warn({ err: error }, 'Could not read projection checkpoints while waiting');
            }
          }
          if (!done) pollTimer = setTimeout(() => void poll(), waitPollMs);
        };
        const timeout = setTimeout(() => finish(false), timeoutMs);
        checkpoints.on('checkpoint', onCheckpoint);
        waiters.add(finish);
        void poll();
      });
    },

    async status(statusOptions = {}) {
      const rows = await readProjectionStatus({
        eventStore,
        pool,
        projections: options.projections,
        lagLimit: statusOptions.lagLimit,
      });
      return rows.map((row) => {
        const worker = workers.get(row.name)!;
        return { ...row, state: worker.state, error: worker.failure ?? row.error };
      });
    },
  };
}

/** Lost connections are worth retrying; anything else a handler throws would fail again. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof BackendTerminatedError ||
    error instanceof BackendTerminatedUnexpectedlyError ||
    error instanceof IdleTransactionTimeoutError
  );
}
