import { z } from 'zod';
import type { DatabasePool } from '@bari/db';
import { sql } from '@bari/db';
import type { ListedProcedure } from './page-text.ts';

/** The lists' copies of the types, with each one's text on the patient page (`page_json`). */
export const TYPES_TABLE = 'patient_procedure_types';

const TypeTextSchema = z.object({ id: z.string(), pageJson: z.string() });

/**
 * The listed types' page texts, each read once: a copy is never changed once written
 * (insert-only, migration 005), so what was read stays true for that table. A rebuild swaps
 * in a new table (and a test may empty it): the page's query sends the table's file
 * (`pg_relation_filenode`), and a different file starts the cache afresh.
 */
export function createTypeTexts(pool: DatabasePool) {
  let file: string | null = null;
  let texts = new Map<string, string>();
  return {
    /** `typeText` for the types of `listed`, reading the ones not yet known in one query. */
    async of(
      typesFile: string | null,
      listed: readonly ListedProcedure[],
    ): Promise<(typeId: string) => string> {
      if (typesFile !== file) {
        file = typesFile;
        texts = new Map();
      }
      const known = texts;
      const missing = new Set<string>();
      for (const procedure of listed) if (!known.has(procedure.typeId)) missing.add(procedure.typeId);
      if (missing.size > 0) {
        const rows = await pool.any(sql.type(TypeTextSchema)`
          select id, page_json as "pageJson" from ${sql.identifier([TYPES_TABLE])}
          where id = any(${sql.array([...missing], 'text')})
        `);
        for (const row of rows) known.set(row.id, row.pageJson);
      }
      return (typeId) => {
        const text = known.get(typeId);
        if (text === undefined)
          throw new Error(`The listed procedure type "${typeId}" has no copy in ${TYPES_TABLE}`);
        return text;
      };
    },
  };
}
