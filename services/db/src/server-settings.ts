import { totalmem } from 'node:os';

const MB = 1024 * 1024;

/**
 * The embedded server's settings beyond PostgreSQL's defaults, which are sized for a small
 * shared machine (128 MB of buffers, a checkpoint every 1 GB of WAL). On 20,000 patients
 * (2.2 GB) those defaults made every projection write read its index pages back from the
 * operating system, and made frequent checkpoints write each touched page whole into the WAL
 * again. Durability is untouched: `fsync` and `synchronous_commit` stay on.
 *
 * - `shared_buffers`: a quarter of the memory, between 128 MB and 4 GB (a throw-away test
 *   cluster keeps 128 MB: many run at once);
 * - fewer checkpoints (`max_wal_size` 4 GB, `checkpoint_timeout` 15 min): crash recovery
 *   replays more WAL, seconds, not minutes;
 * - `maintenance_work_mem` 256 MB: a rebuild builds its indexes after the load;
 * - `jit` off: our queries are short, and compiling one costs more than it saves.
 */
export function serverSettings(options: {
  readonly ephemeral: boolean;
  readonly memoryBytes?: number;
}): Record<string, string> {
  const memory = options.memoryBytes ?? totalmem();
  const buffersMB = options.ephemeral ? 128 : Math.max(128, Math.min(4096, Math.floor(memory / 4 / MB)));
  return {
    shared_buffers: `${buffersMB}MB`,
    effective_cache_size: `${Math.max(512, Math.floor((memory * 0.5) / MB))}MB`,
    max_wal_size: options.ephemeral ? '1GB' : '4GB',
    checkpoint_timeout: options.ephemeral ? '5min' : '15min',
    maintenance_work_mem: options.ephemeral ? '64MB' : '256MB',
    jit: 'off',
  };
}

/** `-c name=value` arguments for the `postgres` command line. */
export function settingArguments(settings: Readonly<Record<string, string>>): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
