import type pg from 'pg';
import { isStalePlan } from '@bari/db';

/**
 * The store's statements are named: each pooled connection has PostgreSQL parse and plan them
 * once, not on every call (one writer's appends: 1,170 → 1,350 a second). A statement prepared
 * before a migration changed the type of what it returns fails on that connection, once, with
 * SQLSTATE 0A000 ("cached plan must not change result type"), before anything runs; the pool
 * drops a connection after any error. So the call is tried again, at most once per connection
 * the pool may hold: an append or a read never fails because another process migrated.
 */
export async function queryNamed<Row extends pg.QueryResultRow>(
  // A pool, not one client: the retry relies on the pool replacing the stale connection.
  db: pg.Pool,
  config: pg.QueryConfig & { readonly name: string },
): Promise<pg.QueryResult<Row>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.query<Row>(config);
    } catch (error) {
      if (!isStalePlan(error) || attempt > MAX_STALE_CONNECTIONS) throw error;
    }
  }
}

/** More than any pool of ours holds (the store's default is 10). */
const MAX_STALE_CONNECTIONS = 64;
