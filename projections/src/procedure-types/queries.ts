import type { DatabasePool } from '@bari/db';
import { ProcedureTypeSchema, type ProcedureType } from '@bari/contracts';
import { sql } from '@bari/db';

const ProcedureTypeRowSchema = ProcedureTypeSchema;

const columns = sql.fragment`
  id, name, category, phase, is_required as "isRequired", scheduled_month as "scheduledMonth"
`;

/** Reads of the procedure-type catalogue. */
export function createProcedureTypeQueries(pool: DatabasePool) {
  return {
    /** Every type, in the order it was defined (catalogue order, then staff additions). */
    async list(): Promise<ProcedureType[]> {
      const types = await pool.any(sql.type(ProcedureTypeRowSchema)`
        select ${columns} from procedure_types order by seq
      `);
      return [...types];
    },

    async byId(id: string): Promise<ProcedureType | null> {
      return pool.maybeOne(sql.type(ProcedureTypeRowSchema)`
        select ${columns} from procedure_types where id = ${id}
      `);
    },
  };
}
export type ProcedureTypeQueries = ReturnType<typeof createProcedureTypeQueries>;
