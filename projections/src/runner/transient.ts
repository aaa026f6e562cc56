import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  ConnectionError,
  IdleTransactionTimeoutError,
  StatementTimeoutError,
} from 'slonik';

/**
 * SQLSTATEs that say "try again later", not "this event cannot be applied": statement
 * timeout, deadlock, serialization failure, lock not available, a read-only connection (a
 * standby, just after a failover), the connection classes (08: connection exception,
 * 57P01–57P03: the server is shutting down or not yet up) and class 53, insufficient
 * resources (a full disk, out of memory, too many connections): an event that cannot be
 * written today for want of space is not an event the projection cannot apply.
 */
const TRANSIENT_CODES = new Set(['57014', '40P01', '40001', '55P03', '57P01', '57P02', '57P03', '25006']);
const TRANSIENT_CLASSES = ['08', '53'];

/** Network errors Node reports when PostgreSQL goes away under a query. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Whether an error (or any error in its `cause` chain) is worth retrying with backoff: a lost
 * connection, a timeout, a deadlock. Anything else a projection throws would fail again.
 */
export function isTransient(error: unknown): boolean {
  for (let current = error, depth = 0; current != null && depth < 8; depth += 1) {
    if (
      current instanceof ConnectionError ||
      current instanceof BackendTerminatedError ||
      current instanceof BackendTerminatedUnexpectedlyError ||
      current instanceof IdleTransactionTimeoutError ||
      current instanceof StatementTimeoutError
    ) {
      return true;
    }
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (TRANSIENT_CODES.has(code) || TRANSIENT_CLASSES.includes(code.slice(0, 2)) || NETWORK_CODES.has(code))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
