import type { DatabaseTransactionConnection, IdentifierSqlToken } from 'slonik';
import type { RecordedEvent } from '@bari/event-store';

/**
 * A read model: the events it handles, the tables it owns and a handler that turns one event
 * into SQL on the read-model transaction. The runner applies a batch of events and the
 * projection's checkpoint in one transaction, so a handler never sees an event twice.
 */
export interface Projection {
  /** Stable name: checkpoint key and CLI argument (kebab-case, e.g. `patient-list`). */
  readonly name: string;
  /** Event types handled; others are skipped without calling the handler. */
  readonly eventTypes: readonly string[];
  /**
   * Tables this projection owns (created by its migrations). For a rebuild each is created
   * as `<table>__rebuild` (`create table ... (like <table> including all)`), the handler
   * writes to those through `tables`, and they replace the live ones in one transaction.
   * `like` copies columns, defaults, checks, indexes and identity columns, but not foreign
   * keys, so read-model tables use identity columns (not `serial`) and no foreign keys.
   */
  readonly tables: readonly string[];
  /**
   * Applies one event. Write only through `tables(name)`, never a literal table name, so
   * the same handler serves the live tables and a rebuild. A throw rolls the whole batch
   * back and stops this projection (the event is never skipped).
   */
  readonly handle: (event: RecordedEvent, context: ProjectionContext) => Promise<void>;
}

export interface ProjectionContext {
  /** The batch's transaction; the checkpoint is written in it too. */
  readonly tx: DatabaseTransactionConnection;
  readonly tables: TableNames;
}

/** Maps an owned table's name to the physical table to use (itself, or its rebuild copy). */
export type TableNames = (table: string) => IdentifierSqlToken;

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const TABLE = /^[a-z_][a-z0-9_]*$/;
/** PostgreSQL truncates identifiers beyond 63 bytes; `__rebuild` must still fit. */
export const REBUILD_SUFFIX = '__rebuild';
const MAX_TABLE_LENGTH = 63 - REBUILD_SUFFIX.length;

/**
 * Refuses a set of projections the runner could not serve safely: bad or duplicate names,
 * table names that are not plain identifiers, or a table owned by two projections.
 */
export function assertValidProjections(projections: readonly Projection[]): void {
  const names = new Set<string>();
  const owners = new Map<string, string>();
  for (const projection of projections) {
    if (!NAME.test(projection.name)) {
      throw new Error(`Projection name "${projection.name}" must be kebab-case`);
    }
    if (names.has(projection.name)) throw new Error(`Projection "${projection.name}" is registered twice`);
    names.add(projection.name);
    for (const table of projection.tables) {
      if (!TABLE.test(table) || table.length > MAX_TABLE_LENGTH || table.endsWith(REBUILD_SUFFIX)) {
        throw new Error(
          `Projection "${projection.name}": table "${table}" must be a lower-case identifier of at most ` +
            `${MAX_TABLE_LENGTH} characters not ending in ${REBUILD_SUFFIX}`,
        );
      }
      const owner = owners.get(table);
      if (owner) throw new Error(`Table "${table}" is owned by both "${owner}" and "${projection.name}"`);
      owners.set(table, projection.name);
    }
  }
}
