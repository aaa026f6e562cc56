import type { RecordedEvent } from '@bari/event-store';
import type { Projection } from '../runner/projection.ts';
import { deleteWhereIn, loadRows, upsertRows, type ColumnMap, type RowOf } from './columns.ts';

export interface RowProjectionDefinition<Map extends ColumnMap, Row extends RowOf<Map>> {
  readonly name: string;
  readonly eventTypes: readonly string[];
  /** The one table, its column map and its key field. */
  readonly table: string;
  readonly columns: Map;
  readonly key: keyof Map & string;
  /** The key of the row an event changes. */
  readonly rowKey: (event: RecordedEvent) => string | boolean;
  /**
   * The row after the event, given the row before it (undefined: no such row): a new row,
   * `null` to delete it, or the same object for no change. Pure.
   */
  readonly evolve: (row: Row | undefined, event: RecordedEvent) => Row | null;
}

/**
 * A projection of one table where each event changes one row, found by key: the batch loads
 * the rows it touches in one query, folds its events in memory, then writes the changed rows
 * back in one upsert and the removed ones in one delete.
 */
export function rowProjection<Map extends ColumnMap, Row extends RowOf<Map>>(
  definition: RowProjectionDefinition<Map, Row>,
): Projection {
  const keyColumn = definition.columns[definition.key]!;
  return {
    name: definition.name,
    eventTypes: definition.eventTypes,
    tables: [definition.table],
    async apply(events, { tx, tables }) {
      const table = tables(definition.table);
      const keys = [...new Set(events.map(definition.rowKey))];
      const loaded = await loadRows<Map, Row>(tx, table, definition.columns, keyColumn, keys);
      const before = new Map<string | boolean, Row | null>(
        loaded.map((row) => [row[definition.key] as string, row]),
      );
      const after = new Map(before);
      for (const event of events) {
        const key = definition.rowKey(event);
        after.set(key, definition.evolve(after.get(key) ?? undefined, event));
      }
      const changed: Row[] = [];
      const removed: (string | boolean)[] = [];
      for (const [key, row] of after) {
        if (row === before.get(key)) continue;
        if (row) changed.push(row);
        else if (before.get(key)) removed.push(key);
      }
      await deleteWhereIn(tx, table, keyColumn, removed);
      await upsertRows(tx, table, definition.columns, definition.key, changed);
    },
  };
}
