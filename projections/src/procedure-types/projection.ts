import { ProcedureTypeDefined, ProcedureTypeEventSchema } from '@bari/contracts';
import type { Projection } from '../runner/projection.ts';
import { sql } from '../sql.ts';

/**
 * The procedure-type catalogue (`GET /api/procedure-types`): one row per
 * `ProcedureTypeDefined`, in the order the types were defined. Types are never changed or
 * removed, so an insert is all there is.
 */
export const procedureTypesProjection: Projection = {
  name: 'procedure-types',
  eventTypes: [ProcedureTypeDefined.type],
  tables: ['procedure_types'],
  async handle(recorded, { tx, tables }) {
    const { data } = ProcedureTypeEventSchema.parse({ type: recorded.type, data: recorded.data });
    await tx.query(sql.typeAlias('void')`
      insert into ${tables('procedure_types')}
        (id, name, category, phase, is_required, scheduled_month, source)
      values (${data.id}, ${data.name}, ${data.category}, ${data.phase}, ${data.isRequired},
        ${data.scheduledMonth}, ${data.source})
    `);
  },
};
