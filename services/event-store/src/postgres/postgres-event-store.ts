import pg from 'pg';
import { postgresPosition } from '../position.ts';
import type { EventStore, GlobalPosition, ReadStreamOptions, RecordedEvent } from '../port.ts';
import { createSubscriptionRegistry } from '../subscription-registry.ts';
import { validateAppend } from '../validate-append.ts';
import { EVENTS_CHANNEL } from './append.ts';
import { createGroupCommit } from './group-commit.ts';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './rows.ts';
import { startCatchUpSubscription } from './subscription.ts';
import { createWakeups } from './wakeups.ts';
import { queryNamed } from './prepared.ts';

export interface PostgresEventStoreOptions {
  readonly connectionString: string;
  /** Pool size; appends are serialised anyway, so a few connections serve reads well. */
  readonly maxConnections?: number;
  /**
   * A session left idle inside a transaction holds its locks, and an append holding the
   * append lock would stall every writer; PostgreSQL ends such sessions after this long.
   */
  readonly idleInTransactionTimeoutMs?: number;
  /** Events per read while a subscription catches up. */
  readonly subscriptionBatchSize?: number;
  /** Fallback poll of live subscriptions, for when a notification is missed. */
  readonly pollIntervalMs?: number;
  /** Send appends waiting on one another together (group commit). Default true. */
  readonly groupCommit?: boolean;
}

/**
 * The PostgreSQL event store (the default). Its tables come from `eventStoreMigrations`,
 * which the caller applies first. It owns its `pg.Pool` and a LISTEN connection, both
 * released by `close()`.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    application_name: 'bari-event-store',
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 30_000,
    // The append function refuses any other level: the ordering proof assumes it.
    options: '-c default_transaction_isolation=read\\ committed',
    keepAlive: true,
  });
  // A pooled connection that dies while idle is discarded by the pool and replaced on the
  // next query; without a listener the 'error' event would crash the process.
  pool.on('error', () => undefined);
  const wakeups = createWakeups(options.connectionString, EVENTS_CHANNEL);
  const appends = createGroupCommit(pool, { enabled: options.groupCommit ?? true });
  const subscriptions = createSubscriptionRegistry();

  // Named statements (`queryNamed`): parsed and planned once per pooled connection.
  const readAll: EventStore['readAll'] = async ({ after, maxCount }) => {
    const { rows } = await queryNamed<EventRow>(pool, {
      name: 'bari_read_all',
      text: `select ${EVENT_COLUMNS} from events where global_position > $1 order by global_position limit $2`,
      values: [(after?.commit ?? 0n).toString(), maxCount],
    });
    return rows.map(toRecordedEvent);
  };

  return {
    async appendToStream(streamId, events, expected) {
      validateAppend(streamId, events);
      const result = await appends.append({ streamId, events, expected });
      wakeups.notifyLocal(result.position.commit);
      return result;
    },

    readStream(streamId, readOptions) {
      return readStream(pool, streamId, readOptions);
    },

    readAll,

    async headPosition(): Promise<GlobalPosition | undefined> {
      const { rows } = await pool.query<{ head: string | null }>(
        'select max(global_position)::text as head from events',
      );
      const head = rows[0]?.head;
      return head == null ? undefined : postgresPosition(BigInt(head));
    },

    subscribeToAll(subscribeOptions) {
      return subscriptions.track(
        startCatchUpSubscription(
          {
            readAll,
            wakeups,
            batchSize: options.subscriptionBatchSize ?? 500,
            pollIntervalMs: options.pollIntervalMs ?? 1_000,
          },
          subscribeOptions,
        ),
      );
    },

    watchAppends({ onAppended, onError }) {
      // The append notifications themselves (LISTEN/NOTIFY, and this process's own appends):
      // nothing is read. Their connection reconnects by itself, so the only error to report
      // is the cue's own: it stops the watch, as a throwing handler stops a subscription
      // (without `onError`, it surfaces as an unhandled rejection), and never reaches the
      // append or the notification that called it.
      let watching = true;
      const remove = wakeups.add(() => {
        if (!watching) return;
        try {
          onAppended();
        } catch (error) {
          watching = false;
          remove();
          if (onError) onError(error);
          else void Promise.reject(error);
        }
      });
      return subscriptions.track({
        async stop() {
          remove();
        },
      });
    },

    async close() {
      await subscriptions.stopAll();
      await wakeups.close();
      await pool.end();
    },
  };
}

async function readStream(
  pool: pg.Pool,
  streamId: string,
  { direction = 'forwards', fromRevision, maxCount }: ReadStreamOptions = {},
): Promise<RecordedEvent[]> {
  const forwards = direction === 'forwards';
  const { rows } = await queryNamed<EventRow>(pool, {
    name: forwards ? 'bari_read_stream_forwards' : 'bari_read_stream_backwards',
    text: `select ${EVENT_COLUMNS} from events
     where stream_id = $1 and ($2::bigint is null or stream_revision ${forwards ? '>=' : '<='} $2::bigint)
     order by stream_revision ${forwards ? 'asc' : 'desc'}
     limit $3`,
    values: [streamId, fromRevision?.toString() ?? null, maxCount ?? null],
  });
  return rows.map(toRecordedEvent);
}
