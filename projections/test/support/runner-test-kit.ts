import type { EventStore, GlobalPosition } from '@bari/event-store';

/** The position of the newest event; the log must not be empty. */
export async function headOf(eventStore: EventStore): Promise<GlobalPosition> {
  const position = await eventStore.headPosition();
  if (!position) throw new Error('the log is empty');
  return position;
}

/** Reads until `done` holds or `timeoutMs` passes; returns the last value read either way. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
