import { createHash } from 'node:crypto';
import { createPgDriverFactory } from '@slonik/pg-driver';
import type { DriverFactory } from 'slonik';
import { sql } from './sql.ts';

/**
 * Put first in a query (`sql.type(S)`${PREPARED} select …``) to have each pooled connection
 * parse and plan it once, not on every call. slonik sends every query as an unnamed statement,
 * which PostgreSQL parses, analyses and plans again each time: for the patient page (a
 * subquery over 93 rows built field by field) that was about half of the query's cost, 0.91 ms
 * against 0.45 ms prepared (pgbench, one client).
 *
 * Only for a hot query:
 * - whose plan does not depend on its values: after five runs PostgreSQL may keep one generic
 *   plan for every value (a search pattern or a status filter would want their own);
 * - whose text is always the same (no `sql.join` of a varying length): each text is one more
 *   statement kept on the server for the connection's lifetime.
 *
 * PostgreSQL re-plans by itself when a table it reads is altered, dropped or swapped by a
 * rebuild. Two changes it cannot absorb: the types of the columns the statement returns
 * ("cached plan must not change result type", handled below), and the type of a column its
 * parameters are compared with (the parameters keep the types of the first prepare): a
 * migration doing the latter needs the app restarted.
 */
export const PREPARED = sql.fragment`/* prepared */ `;

/** The mark, after whatever indentation the query's template starts with. */
const MARKED = /^\s*\/\* prepared \*\//;

/** Each marked text's hash, computed once (marked texts are constant, so this stays small). */
const digests = new Map<string, string>();

/**
 * The statement's name: its text's hash, so one name never stands for two texts, and the
 * connection's generation (see below).
 */
function statementName(text: string, generation: number): string {
  let digest = digests.get(text);
  if (digest === undefined) {
    digest = createHash('sha256').update(text).digest('base64url').slice(0, 32);
    digests.set(text, digest);
  }
  return `bari_${generation}_${digest}`;
}

/** What PostgreSQL answers when a migration changed the columns a prepared statement returns. */
export function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

/** What PostgreSQL answers to any statement after an error inside a transaction. */
const isTransactionAborted = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '25P02';

/**
 * The driver names the failed query in the errors it makes (a syntax error's `sql`): that is
 * the `{ name, text }` it was handed, so put the text back.
 */
function withSqlText(error: unknown, text: string): unknown {
  if (typeof error === 'object' && error !== null && 'sql' in error && typeof error.sql !== 'string')
    Object.assign(error, { sql: text });
  return error;
}

/**
 * slonik's own pg driver, except that a query starting with `PREPARED` goes to `pg` as a
 * named statement (`{ name, text }`), which `pg` parses once per connection and then only
 * binds and executes.
 *
 * A statement prepared before another process migrated the columns it returns fails once on
 * each connection that holds it, before anything runs: the connection then moves on to new
 * names (its generation) and the call is tried once more, so the read is answered. Inside a
 * transaction the first failure has already aborted it: the retry is refused (25P02), the
 * caller gets the first failure, and the next transaction on that connection prepares afresh.
 */
export function createPreparingDriverFactory(): DriverFactory {
  const pgDriverFactory = createPgDriverFactory();
  return async (configuration) => {
    const driver = await pgDriverFactory(configuration);
    return {
      ...driver,
      async createClient() {
        const client = await driver.createClient();
        const query = client.query;
        let generation = 0;
        // slonik's pg driver hands its first argument to `pg`'s `client.query`, which takes a
        // query config object in place of the text; slonik's type says string.
        const named = (text: string, values: unknown[] | undefined) =>
          query({ name: statementName(text, generation), text } as unknown as string, values).catch(
            (error: unknown) => {
              throw withSqlText(error, text);
            },
          );
        return {
          ...client,
          async query(text, values) {
            if (!MARKED.test(text)) return query(text, values);
            try {
              return await named(text, values);
            } catch (error) {
              if (!isStalePlan(error)) throw error;
              generation += 1;
              return named(text, values).catch((retryError: unknown) => {
                throw isTransactionAborted(retryError) ? error : retryError;
              });
            }
          },
        };
      },
    };
  };
}
