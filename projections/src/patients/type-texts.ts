import { z } from 'zod';
import type { DatabasePool } from '@bari/db';
import { sql } from '@bari/db';

/** The lists' copies of the types, with each one's text on the patient page (`page_json`). */
export const TYPES_TABLE = 'patient_procedure_types';

/**
 * Lists whose texts are kept as such. Most patients share a few lists (those of the
 * catalogue when they were registered); a list changed by a removal is its patient's own,
 * and beyond this many the kept lists are forgotten (the types' texts are not).
 */
export const MAX_KEPT_LISTS = 1_000;

const TypeTextSchema = z.object({ id: z.string(), pageJson: z.string() });

/**
 * The listed types' page texts, each read once: the projection never changes a copy once
 * written (insert-only, migration 005), so what was read stays true for that table. A rebuild
 * swaps in a new table (and a test may empty it): the page's query sends the table's file
 * (`pg_relation_filenode`), and a different file starts the cache afresh. A migration that
 * changed copies in place (an `update`, as 007 filled `page_json`) would leave a running API
 * with the old texts until it restarts: such a migration must rewrite the table instead.
 */
export function createTypeTexts(pool: DatabasePool) {
  let file: string | null = null;
  let byType = new Map<string, string>();
  // By the list's type ids as the query sends them (JSON): parsed and looked up once.
  let byList = new Map<string, readonly string[]>();

  async function read(known: Map<string, string>, typeIds: readonly string[]): Promise<void> {
    const missing = [...new Set(typeIds.filter((typeId) => !known.has(typeId)))];
    if (missing.length === 0) return;
    const rows = await pool.any(sql.type(TypeTextSchema)`
      select id, page_json as "pageJson" from ${sql.identifier([TYPES_TABLE])}
      where id = any(${sql.array(missing, 'text')})
    `);
    for (const row of rows) known.set(row.id, row.pageJson);
  }

  return {
    /** The page text of each type of a list (`listedTypes`, a JSON array of type ids), in order. */
    async ofList(typesFile: string | null, listedTypes: string | null): Promise<readonly string[]> {
      if (typesFile !== file) {
        file = typesFile;
        byType = new Map();
        byList = new Map();
      }
      if (listedTypes === null) return [];
      const [types, lists] = [byType, byList];
      const kept = lists.get(listedTypes);
      if (kept) return kept;
      const typeIds = JSON.parse(listedTypes) as unknown[];
      if (!typeIds.every((typeId) => typeof typeId === 'string')) {
        throw new Error(`A procedure list names a type by something other than its id: ${listedTypes}`);
      }
      await read(types, typeIds as string[]);
      const texts = (typeIds as string[]).map((typeId) => {
        const text = types.get(typeId);
        if (text === undefined)
          throw new Error(`The listed procedure type "${typeId}" has no copy in ${TYPES_TABLE}`);
        return text;
      });
      if (lists.size >= MAX_KEPT_LISTS) lists.clear();
      lists.set(listedTypes, texts);
      return texts;
    },
  };
}
