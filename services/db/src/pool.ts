import { createPool, SchemaValidationError, type DatabasePool, type Interceptor } from 'slonik';
import { createPreparingDriverFactory } from './prepared-statements.ts';

export type { DatabasePool } from 'slonik';

/**
 * Validates every typed query's rows against its zod schema (`sql.type(schema)`), as the
 * slonik README recommends: a read model whose shape drifted fails loudly instead of leaking.
 */
const resultParser: Interceptor = {
  name: 'bari-result-parser',
  // Synchronous: an awaited parse per row costs a promise (and its async hooks) per row.
  transformRow: (context, query, row) => {
    if (!context.resultParser) return row;
    const result = context.resultParser.safeParse(row);
    if (!result.success) throw new SchemaValidationError(query, row, result.error.issues);
    return result.data as typeof row;
  },
};

export interface PoolOptions {
  readonly maximumPoolSize?: number;
}

/** The slonik pool used by projections and queries. */
export async function createDatabasePool(url: string, options: PoolOptions = {}): Promise<DatabasePool> {
  const maximumPoolSize = options.maximumPoolSize ?? 10;
  return createPool(url, {
    driverFactory: createPreparingDriverFactory(),
    interceptors: [resultParser],
    maximumPoolSize,
    // No minimum: slonik (47.3) replaces a connection it destroyed (after a failed
    // transaction) to keep the minimum, and a client that queued for the full pool meanwhile is
    // not given the replacement when it is ready, only a connection released or destroyed
    // later. With the minimum at the maximum (a pool of one, the audit CLI) the next query
    // waited forever; with it one below (a pool of two) it still did, now and then, in CI.
    // Without a minimum every connection is held by a caller, whose release or failure serves
    // the queue. Connections still stay open between bursts (`idleTimeout`).
    minimumPoolSize: 0,
    idleTimeout: 60_000,
    // slonik's default sends `DISCARD ALL` after every release: a second round trip per query
    // that also throws away every cached plan. Nothing here sets session state (settings are
    // `set_config(…, true)`, local to a transaction; advisory locks are released explicitly).
    resetConnection: async () => undefined,
    // A forgotten open transaction would hold back every reader of the event log.
    idleInTransactionSessionTimeout: 60_000,
    statementTimeout: 60_000,
    // Retrying inside slonik would hide serialization conflicts the caller must see.
    queryRetryLimit: 0,
    transactionRetryLimit: 0,
  });
}
