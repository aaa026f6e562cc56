import { loadConfig } from './config.ts';
import { createLogger } from './shared/logger.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

try {
  const server = await startServer(config, logger);
  logger.info({ url: server.url }, 'ready');
  process.stdout.write(`\nBari Care pronto em ${server.url}  (Ctrl-C para parar)\n\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
}
