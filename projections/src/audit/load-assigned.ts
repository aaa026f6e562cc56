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
 * so the rest of the row (about 7 kB of JSON per patient, kept as text) is neither sent nor
 * parsed by Node.
 */
export async function loadAssignedPicks(
  db: CommonQueryMethods,
  table: IdentifierSqlToken,
  picks: readonly AssignedPick[],
): Promise<readonly EntityRow[]> {
  if (picks.length === 0) return [];
  // Each row's state is parsed once, however many of its procedures are picked.
  return db.any(sql.type(PartialRowSchema)`
    select e.id, e.name, e.parent_id as "parentId",
      coalesce(
        (select jsonb_object_agg(wanted, s.state -> wanted) from unnest(p.procedure_ids) as wanted
          where s.state ? wanted),
        '{}'::jsonb
      ) as state
    from (
      select assigned_id, array_agg(procedure_id) as procedure_ids
      from unnest(
        ${sql.array(
          picks.map((pick) => pick.assignedId),
          'text',
        )},
        ${sql.array(
          picks.map((pick) => pick.procedureId),
          'text',
        )}
      ) as picked (assigned_id, procedure_id)
      group by assigned_id
    ) p
    join ${table} e on e.id = p.assigned_id
    cross join lateral (select e.state::jsonb as state offset 0) s
  `);
}
