import { fileURLToPath } from 'node:url';
import type { MigrationSource } from '@bari/db';

/**
 * Read models that own tables, in the order their migrations must run. Each one keeps its
 * SQL beside its projector, in `projections/src/<readModel>/migrations/`; adding a read
 * model with tables means adding its folder name here.
 */
const readModelsWithTables: readonly string[] = [
  'users',
  'access-keys',
  'system-initialization',
  'procedure-types',
  'patients',
  // After patients: its counters are backfilled from the patients tables.
  'reports',
  'audit',
];

const directory = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Migrations of the projections package: the checkpoints table first, then each read
 * model's tables. Apply after the event store's (`@bari/db`'s `migrate`).
 */
export const projectionMigrations: readonly MigrationSource[] = [
  { name: 'projections', directory: directory('../migrations') },
  ...readModelsWithTables.map((readModel) => ({
    name: `projections/${readModel}`,
    directory: directory(`./${readModel}/migrations`),
  })),
];
