import { createSqlTag } from 'slonik';
import { z } from 'zod';

/**
 * slonik's tag shared by every package that queries PostgreSQL, with a `void` alias for
 * statements whose rows are ignored (DDL, writes), so every query still declares its row
 * shape, as the slonik README recommends.
 */
export const sql = createSqlTag({
  typeAliases: {
    void: z.object({}).strict(),
  },
});
