import { createSqlTag } from 'slonik';
import { z } from 'zod';

/**
 * slonik's tag with a `void` alias for statements whose rows we ignore (DDL, updates), so
 * every query still declares its row shape, as the slonik README recommends.
 */
export const sql = createSqlTag({
  typeAliases: {
    void: z.object({}).strict(),
  },
});
