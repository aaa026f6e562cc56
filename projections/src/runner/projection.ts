import type { DatabaseTransactionConnection } from 'slonik';
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
   * Tables this projection owns, in dependency order. For a rebuild the runner creates each
   * as `<table>__rebuild` (`create table ... (like <table> including all)`), points the
   * handler at those names through `tables`, then swaps them in.
   */
  readonly tables: readonly string[];
  /** Applies one event. `tables` maps each owned table name to the name to write to. */
  readonly handle: (
    event: RecordedEvent,
    context: { readonly tx: DatabaseTransactionConnection; readonly tables: TableNames },
  ) => Promise<void>;
}

/** Maps an owned table's name to the physical table to use (itself, or its rebuild copy). */
export type TableNames = (table: string) => import('slonik').IdentifierSqlToken;
