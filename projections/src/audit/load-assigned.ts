import type { CommonQueryMethods, IdentifierSqlToken } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';
import type { AssignedPick, EntityRow } from './entities.ts';

const PartialRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  state: z.record(z.unknown()),
}) satisfies z.ZodType<EntityRow>;

/**
 * The `assigned:` rows of `picks`, each with only the picked procedures in its state (the
 * ones listed there; a procedure with a row of its own is not). PostgreSQL picks the entries,
 * so the rest of the row (about 7 kB of JSON per patient) is neither sent nor parsed.
 */
export async function loadAssignedPicks(
  db: CommonQueryMethods,
  table: IdentifierSqlToken,
  picks: readonly AssignedPick[],
): Promise<readonly EntityRow[]> {
  if (picks.length === 0) return [];
  return db.any(sql.type(PartialRowSchema)`
    select e.id, e.name, e.parent_id as "parentId",
      coalesce(
        jsonb_object_agg(p.procedure_id, e.state -> p.procedure_id) filter (where e.state ? p.procedure_id),
        '{}'::jsonb
      ) as state
    from unnest(
      ${sql.array(
        picks.map((pick) => pick.assignedId),
        'text',
      )},
      ${sql.array(
        picks.map((pick) => pick.procedureId),
        'text',
      )}
    ) as p (assigned_id, procedure_id)
    join ${table} e on e.id = p.assigned_id
    group by e.id, e.name, e.parent_id
  `);
}
