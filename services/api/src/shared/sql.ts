import { createSqlTag } from 'slonik';
import { z } from 'zod';

/**
 * slonik's tag for the API's own tables, with a `void` alias for statements whose rows are
 * ignored, so every query still declares its row shape (as in `@bari/projections`).
 */
export const sql = createSqlTag({
  typeAliases: {
    void: z.object({}).strict(),
  },
});
