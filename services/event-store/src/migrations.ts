import { fileURLToPath } from 'node:url';
import type { MigrationSource } from '@bari/db';

/** The PostgreSQL event store's tables; apply with `@bari/db`'s `migrate` before use. */
export const eventStoreMigrations: MigrationSource = {
  name: 'event-store',
  directory: fileURLToPath(new URL('../migrations', import.meta.url)),
};
