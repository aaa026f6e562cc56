import type { Subscription } from './port.ts';

/** The subscriptions an event store has handed out, so that `close()` stops those still running. */
export function createSubscriptionRegistry() {
  const running = new Set<Subscription>();
  return {
    /** Tracks `subscription` until it is stopped; returns the handle to give the caller. */
    track(subscription: Subscription): Subscription {
      running.add(subscription);
      return {
        async stop() {
          running.delete(subscription);
          await subscription.stop();
        },
      };
    },
    /** Stops every subscription still running. */
    async stopAll(): Promise<void> {
      await Promise.all([...running].map((subscription) => subscription.stop()));
      running.clear();
    },
  };
}
