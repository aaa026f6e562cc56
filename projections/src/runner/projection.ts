import { REBUILD_SUFFIX } from '@bari/db';
import type { DatabaseTransactionConnection, IdentifierSqlToken } from 'slonik';
import type { RecordedEvent } from '@bari/event-store';

/**
 * A read model: the events it handles, the tables it owns and a batch unit of work that turns
 * a run of events into SQL on the read-model transaction. The runner applies a batch and the
 * projection's checkpoint in one transaction, so `apply` never sees an event twice.
 *
 * A round trip costs ~0.2 ms: `apply` should load the rows the batch touches with one query
 * per table, fold the events in memory and write back with multi-row statements, so its cost
 * grows with the rows touched, not with the events.
 */
export interface Projection {
  /** Stable name: checkpoint key and CLI argument (kebab-case, e.g. `patient-list`). */
  readonly name: string;
  /** Event types handled; `apply` is given only these (and not called for a batch without any). */
  readonly eventTypes: readonly string[];
  /**
   * Tables this projection owns (created by its migrations). For a rebuild each is created
   * as `<table>__rebuild` (`create table ... (like <table> including all excluding indexes)`),
   * `apply` writes to those through `tables`, and they replace the live ones in one
   * transaction. `like` copies columns, defaults, checks and identity columns, but not
   * foreign keys, so read-model tables use identity columns (not `serial`) and no foreign keys.
   */
  readonly tables: readonly string[];
  /**
   * Non-unique indexes (by their live name) that `apply` needs while a rebuild loads, to
   * find rows by something other than a unique key. A rebuild creates unique indexes and
   * these before the load and every other index after it, which is much faster.
   */
  readonly indexesUsedByApply?: readonly string[];
  /**
   * Indexes (by their live name) a rebuild keeps up while it loads instead of building them
   * after the load: for an index whose build would run alone on one core at the end (a large
   * trigram index) while its projection's lane has time to spare during the load.
   */
  readonly indexesMaintainedDuringLoad?: readonly string[];
  /**
   * Applies the handled events of one batch, in log order. Write only through
   * `tables(name)`, never a literal table name, so the same code serves the live tables and
   * a rebuild. A throw rolls the whole batch back; the runner then replays the batch event by
   * event to name the event that fails (it is never skipped).
   */
  readonly apply: (events: readonly RecordedEvent[], context: ProjectionContext) => Promise<void>;
  /**
   * Rebuilds only: called on the lane's connection, in a transaction of its own, after the
   * replay's last batch and before the deferred indexes are built, to write what `apply` kept
   * in `context.replay` instead of writing it batch after batch. Only a projection with it is
   * given `context.replay`. After a transient failure it is called again in a new
   * transaction: it writes from the memory and does not change it.
   */
  readonly finishReplay?: (context: ReplayContext) => Promise<void>;
}

/**
 * A rebuild's replay, as one projection sees it from batch to batch. Counters a batch would
 * add to rows already written can be summed here and written once by `finishReplay`: the
 * rows' upserts were the largest part of some counters' cost, and a rebuild writes them into
 * empty tables.
 */
export interface ReplaySession {
  /** The projection's own memory for this replay (nothing else reads it). */
  readonly memory: Map<string, unknown>;
  /**
   * Runs `effect` (synchronous: nothing awaits it) once the batch's transaction has
   * committed; never for an attempt that rolled back (a transient failure retries the batch
   * from the start).
   */
  afterCommit(effect: () => void): void;
}

export interface ReplayContext extends ProjectionContext {
  readonly replay: ReplaySession;
}

export interface ProjectionContext {
  /** The batch's transaction; the checkpoint is written in it too. */
  readonly tx: DatabaseTransactionConnection;
  readonly tables: TableNames;
  /**
   * `rebuild`: the tables started empty at the rebuild's first batch, and only this
   * projection's rebuild writes them; `live`: the tables may hold anything.
   */
  readonly mode: 'live' | 'rebuild';
  /**
   * During a rebuild's replay (never live, nor in the catch-up that applies the last events
   * before the swap), for a projection with `finishReplay`: where it may keep what it writes
   * then.
   */
  readonly replay?: ReplaySession;
}

/** Maps an owned table's name to the physical table to use (itself, or its rebuild copy). */
export type TableNames = (table: string) => IdentifierSqlToken;

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const TABLE = /^[a-z_][a-z0-9_]*$/;
/** PostgreSQL truncates identifiers beyond 63 bytes; `__rebuild` must still fit. */
export { REBUILD_SUFFIX };
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
