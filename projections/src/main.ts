import { createDatabasePool, loadMigrations, openDatabase, prepareDatabase } from '@bari/db';
import { createEventStore, eventStoreMigrations } from '@bari/event-store';
import { projectionMigrations } from './migrations.ts';
import { allProjections } from './registry.ts';
import { createJsonLogger } from './runner/logger.ts';
import { createProjectionRunner } from './runner/runner.ts';

// The projector as its own process (`npm run projector`), for deployments where the API
// instances do not project (docker-compose): one per database is enough, and a second one
// is harmless (the checkpoint lock keeps them from applying a batch twice).

const logger = createJsonLogger({ name: 'projector' });
const database = await openDatabase(process.env, (message) => logger.info({ source: 'postgres' }, message));
await prepareDatabase(database, loadMigrations([eventStoreMigrations, ...projectionMigrations]));
const eventStore = createEventStore(process.env, database.url);
const pool = await createDatabasePool(database.url);
const runner = createProjectionRunner({ eventStore, pool, projections: allProjections, logger });
await runner.start();
logger.info(
  { projections: allProjections.map((projection) => projection.name), embeddedDatabase: database.embedded },
  'Projector running',
);

// Idle projections wait on timers and sockets; with none registered, nothing else would
// keep the process (and so the container) alive.
const keepAlive = setInterval(() => undefined, 2 ** 30);

let stopping = false;
const stop = async (signal: NodeJS.Signals): Promise<void> => {
  if (stopping) {
    logger.warn({ signal }, 'Second signal: exiting without a clean stop');
    process.exit(1);
  }
  stopping = true;
  clearInterval(keepAlive);
  logger.info({ signal }, 'Projector stopping');
  try {
    await runner.stop();
    await pool.end();
    await eventStore.close();
    await database.stop();
    logger.info({}, 'Projector stopped');
  } catch (error) {
    logger.error({ err: error }, 'Projector did not stop cleanly');
    process.exitCode = 1;
  }
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
