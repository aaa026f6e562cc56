import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tells whether code runs inside a given subscription's handler. `stop()` waits for the
 * running handler, so a handler that awaited its own subscription's `stop()` would wait for
 * itself forever; with this, such a call only flags the stop and returns.
 */
const handlerScope = new AsyncLocalStorage<object>();

export function runInHandlerScope<T>(subscription: object, handler: () => T): T {
  return handlerScope.run(subscription, handler);
}

export function isInsideHandlerOf(subscription: object): boolean {
  return handlerScope.getStore() === subscription;
}
