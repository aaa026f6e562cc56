import { SystemInitialized } from '@bari/contracts';
import { rowProjection } from '../shared/row-projection.ts';
import type { ColumnMap, RowOf } from '../shared/columns.ts';

const INITIALIZATION_COLUMNS = {
  singleton: { column: 'singleton', type: 'boolean' },
  initializedAt: { column: 'initialized_at', type: 'timestamptz' },
  forcedRuns: { column: 'forced_runs', type: 'integer' },
  lastForcedAt: { column: 'last_forced_at', type: 'timestamptz' },
} as const satisfies ColumnMap;
type InitializationRow = RowOf<typeof INITIALIZATION_COLUMNS> & { readonly forcedRuns: number };

/**
 * The initialization status (`system_initialization`): when the system was first
 * initialized and how often 'Inicialização Forçada' ran since.
 */
export const systemInitializationProjection = rowProjection<typeof INITIALIZATION_COLUMNS, InitializationRow>(
  {
    name: 'system-initialization',
    eventTypes: [SystemInitialized.type],
    table: 'system_initialization',
    columns: INITIALIZATION_COLUMNS,
    key: 'singleton',
    rowKey: () => true,
    evolve(row, event) {
      const { forced } = SystemInitialized.data.parse(event.data);
      const at = event.metadata.timestamp;
      if (!row)
        return {
          singleton: true,
          initializedAt: at,
          forcedRuns: forced ? 1 : 0,
          lastForcedAt: forced ? at : null,
        };
      return forced ? { ...row, forcedRuns: row.forcedRuns + 1, lastForcedAt: at } : row;
    },
  },
);
