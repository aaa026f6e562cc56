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
  const onNotification = (message: pg.Notification): void => {
    const position = parsePosition(message.payload);
    if (position !== undefined && position <= wokenUpTo) return;
    wakeAll();
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
        await candidate.query(`listen ${pg.escapeIdentifier(channel)}`);
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
