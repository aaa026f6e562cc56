import pg from 'pg';

/**
 * Wakes live subscribers as soon as an event may be readable: immediately for appends made
 * by this process, through LISTEN/NOTIFY for appends made by others. It only shortens the
 * wait: subscribers poll anyway, so a lost notification or a dropped LISTEN connection
 * delays delivery by at most one poll interval and never loses an event.
 */
export interface Wakeups {
  /** Registers a listener; returns its removal. The LISTEN connection opens on first use. */
  add(listener: () => void): () => void;
  /**
   * Called after a local append commits, with its last position: the listeners are woken now,
   * and not again by its own notification when it comes back (nor by any notification of a
   * position at or below it).
   */
  notifyLocal(position: bigint): void;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;
/**
 * Another process's appends wake the listeners at most once per this interval. Under a steady
 * stream of them (1,000 a second and more), every commit signalled this LISTEN connection's
 * server process, which sent us the notification, and every wake-up cost each subscriber a
 * read of the log that found one event: one writer appended 1,340–1,400 events/s with an idle
 * app listening, 1,890–1,960 with none. So the first notification after a quiet interval
 * wakes at once; during a burst the connection stops listening until the interval is over,
 * then listens again and wakes once: 1,600–1,650/s with 10 ms, 1,720–1,760/s with 25 ms.
 * 25 ms is half of what a command already waits between two looks at another process's
 * checkpoints (`waitPollMs`). Local appends are never held back (`notifyLocal`): a command
 * waits for the read models right after its own append.
 */
export const REMOTE_WAKE_INTERVAL_MS = 25;

export function createWakeups(connectionString: string, channel: string): Wakeups {
  const listeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const wakeAll = (): void => {
    for (const listener of listeners) listener();
  };
  /**
   * The highest position a local append woke the listeners for. A notification at or below
   * it says nothing new: positions become visible in order (append.ts), so when the local
   * append was visible, so was everything below it. Without this every append of this
   * process woke its subscribers twice, and the second read of the log found nothing.
   */
  let wokenUpTo = -1n;
  let lastRemoteWake = -Infinity;
  /** Set while a burst's wake-up is held back: it covers every notification until it fires. */
  let remoteWakeTimer: NodeJS.Timeout | undefined;
  const listenStatement = `listen ${pg.escapeIdentifier(channel)}`;
  const unlistenStatement = `unlisten ${pg.escapeIdentifier(channel)}`;
  const wakeForRemote = (): void => {
    lastRemoteWake = performance.now();
    wakeAll();
  };
  const onNotification = (message: pg.Notification): void => {
    const position = parsePosition(message.payload);
    if (position !== undefined && position <= wokenUpTo) return;
    if (remoteWakeTimer || closed) return;
    const wait = lastRemoteWake + REMOTE_WAKE_INTERVAL_MS - performance.now();
    if (wait <= 0) return wakeForRemote();
    // A burst: stop listening until the interval is over, then listen again and wake once.
    // Deaf, this connection's server process is not signalled on every commit either.
    const deaf = client;
    deaf?.query(unlistenStatement).catch(() => undefined);
    // Rounded up, plus one: a timer may fire up to a millisecond before `performance.now()`
    // says it is due, and the wake-ups would come closer together than the interval.
    remoteWakeTimer = setTimeout(() => void listenAgain(deaf), Math.ceil(wait) + 1);
  };
  /**
   * Listening again before waking: whatever commits after the LISTEN is notified, whatever
   * committed before it is in the log the woken subscribers read next, so nothing is missed.
   */
  const listenAgain = async (deaf: pg.Client | undefined): Promise<void> => {
    try {
      // A connection dropped meanwhile is replaced by one that listens from the start; one
      // that cannot listen again is dropped, for the same reason.
      if (deaf && deaf === client)
        await deaf.query(listenStatement).catch(() => deaf.end().catch(() => undefined));
    } finally {
      // Whatever happened above, the next notification must be heard again.
      remoteWakeTimer = undefined;
    }
    if (!closed) wakeForRemote();
  };

  const scheduleReconnect = (): void => {
    if (closed || reconnectTimer || listeners.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void ensureListening();
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  const ensureListening = (): Promise<void> => {
    if (closed || client || connecting) return connecting ?? Promise.resolve();
    // Keepalive: a LISTEN connection silently cut by the network would otherwise look alive
    // for hours, and wake-ups would wait for the poll.
    const candidate = new pg.Client({
      connectionString,
      application_name: 'bari-event-store-listen',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const dropped = (): void => {
      if (client !== candidate) return;
      client = undefined;
      scheduleReconnect();
    };
    // Without an 'error' listener a dropped connection would crash the process.
    candidate.on('error', dropped);
    candidate.on('end', dropped);
    candidate.on('notification', onNotification);
    connecting = (async () => {
      try {
        await candidate.connect();
        await candidate.query(listenStatement);
        if (closed) {
          await candidate.end();
          return;
        }
        client = candidate;
        // Appends may have happened while we were not listening.
        wakeAll();
      } catch {
        await candidate.end().catch(() => undefined);
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    add(listener) {
      listeners.add(listener);
      void ensureListening();
      return () => listeners.delete(listener);
    },
    notifyLocal(position) {
      if (position > wokenUpTo) wokenUpTo = position;
      wakeAll();
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearTimeout(remoteWakeTimer);
      await connecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The position a notification carries (`bari_append_batch` sends its transaction's last one). */
function parsePosition(payload: string | undefined): bigint | undefined {
  return payload !== undefined && /^\d+$/.test(payload) ? BigInt(payload) : undefined;
}
