import { fileURLToPath } from 'node:url';
import type { MigrationSource } from '@bari/db';

/**
 * The API's own tables (`services/api/migrations/`): state that is not event-sourced, such as
 * HTTP sessions and login rate-limit counters. Applied after the event store's and the read
 * models' migrations.
 */
export const apiMigrations: MigrationSource = {
  name: 'api',
  directory: fileURLToPath(new URL('../../migrations', import.meta.url)),
};
