import { ProcedureTypeDefined } from '@bari/contracts';
import { rowProjection } from '../shared/row-projection.ts';
import type { ColumnMap, RowOf } from '../shared/columns.ts';

/** A `ProcedureType`'s fields as columns: the catalogue's, and the patients' lists' copies. */
export const PROCEDURE_TYPE_FIELD_COLUMNS = {
  id: { column: 'id', type: 'text' },
  name: { column: 'name', type: 'text' },
  category: { column: 'category', type: 'text' },
  phase: { column: 'phase', type: 'text' },
  isRequired: { column: 'is_required', type: 'boolean' },
  scheduledMonth: { column: 'scheduled_month', type: 'integer' },
} as const satisfies ColumnMap;

const PROCEDURE_TYPE_COLUMNS = {
  ...PROCEDURE_TYPE_FIELD_COLUMNS,
  source: { column: 'source', type: 'text' },
} as const satisfies ColumnMap;
type ProcedureTypeRow = RowOf<typeof PROCEDURE_TYPE_COLUMNS>;

/**
 * The procedure-type catalogue (`GET /api/procedure-types`): one row per
 * `ProcedureTypeDefined`, in the order the types were defined (`seq`). Types are never
 * changed or removed, so an insert is all there is.
 */
export const procedureTypesProjection = rowProjection<typeof PROCEDURE_TYPE_COLUMNS, ProcedureTypeRow>({
  name: 'procedure-types',
  eventTypes: [ProcedureTypeDefined.type],
  table: 'procedure_types',
  columns: PROCEDURE_TYPE_COLUMNS,
  key: 'id',
  rowKey: (event) => ProcedureTypeDefined.data.parse(event.data).id,
  evolve(row, event) {
    const { id, name, category, phase, isRequired, scheduledMonth, source } = ProcedureTypeDefined.data.parse(
      event.data,
    );
    return row ?? { id, name, category, phase, isRequired, scheduledMonth, source };
  },
});
