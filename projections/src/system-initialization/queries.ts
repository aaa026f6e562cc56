import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { InitializationStatusSchema, type InitializationStatus } from '@bari/contracts';
import { sql } from '@bari/db';

/** Queries over the initialization status (with the users and access-keys read models). */
export function createInitializationQueries(db: CommonQueryMethods) {
  return {
    /**
     * `GET /api/initialization-status`. Initialized once `SystemInitialized` was projected, or
     * as soon as any user exists (a system is never "not initialized" with accounts in it).
     */
    status(): Promise<InitializationStatus> {
      return db.one(sql.type(InitializationStatusSchema.extend({ usersCount: z.number().int() }))`
        select
          (exists (select from system_initialization) or exists (select from users)) as "isInitialized",
          (select count(*)::int from users) as "usersCount",
          (select count(*)::int from access_keys) as "accessKeysCount"
      `);
    },
  };
}
export type InitializationQueries = ReturnType<typeof createInitializationQueries>;
