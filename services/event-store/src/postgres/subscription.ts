import type {
  GlobalPosition,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port.ts';
import { isInsideHandlerOf, runInHandlerScope } from '../subscription-scope.ts';
import type { Wakeups } from './wakeups.ts';

export interface CatchUpDependencies {
  readonly readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  readonly wakeups: Wakeups;
  readonly batchSize: number;
  /** Upper bound on how late a live event is seen if no wake-up arrives. */
  readonly pollIntervalMs: number;
}

/**
 * Catch-up then live, with one loop: read batches after the checkpoint until a batch comes
 * back short, then sleep until woken (or the poll interval passes) and read again. Reading
 * the global log is ordering-safe (see append.ts), so the checkpoint alone says what is left.
 */
export function startCatchUpSubscription(deps: CatchUpDependencies, options: SubscribeOptions): Subscription {
  let stopped = false;
  // Set by every wake-up and cleared before each read, so a wake-up that arrives while we
  // read is not lost: the next sleep returns at once.
  let woken = false;
  let interruptSleep: (() => void) | undefined;

  const removeWakeup = deps.wakeups.add(() => {
    woken = true;
    interruptSleep?.();
  });

  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      if (woken || stopped) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, deps.pollIntervalMs);
      interruptSleep = done;
    });

  const subscription: Subscription = {
    async stop() {
      stopped = true;
      interruptSleep?.();
      if (isInsideHandlerOf(subscription)) return;
      await finished.catch(() => undefined);
    },
  };

  const run = async (): Promise<void> => {
    let after: GlobalPosition | undefined = options.after;
    try {
      while (!stopped) {
        woken = false;
        const batch = await deps.readAll({ after, maxCount: deps.batchSize });
        for (const event of batch) {
          if (stopped) return;
          await runInHandlerScope(subscription, () => options.onEvent(event));
          after = event.position;
        }
        if (batch.length < deps.batchSize) await sleep();
      }
    } finally {
      stopped = true;
      removeWakeup();
    }
  };

  const finished = run().catch((error: unknown) => {
    if (!options.onError) throw error; // an unobserved subscription must not die quietly
    options.onError(error);
  });
  return subscription;
}
