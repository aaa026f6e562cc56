import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Binaries } from './embedded-postgres.ts';

/*
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must reach its binaries
 * and its cluster. A clone under a root-only folder (mode 0700, as /root is) hides both: initdb
 * then fails with EACCES. Instead, whatever it cannot reach is served from a per-project folder
 * under /var/lib/bari-care (0755): the binaries copied there once per version, the cluster kept
 * there. Where even that fails, we stop at once with a Portuguese message naming the folder.
 */

export interface ServerUser {
  readonly uid: number;
  readonly gid: number;
}

/** Root-owned, 0755: the `postgres` user may enter, only root may write. */
export const SHARED_ROOT = '/var/lib/bari-care';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** Whether `user` may search (enter) the directory, hence reach everything below it it may read. */
export function canEnter(directory: string, user: ServerUser): boolean {
  try {
    execFileSync('test', ['-x', directory], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The closest folder above `path` (or itself) that exists. */
function existingAncestor(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** The first folder from `/` down to `path` that `user` cannot enter: the one to name. */
function blockingFolder(path: string, user: ServerUser): string {
  const parts = relative('/', path).split('/').filter(Boolean);
  for (let index = 1; index <= parts.length; index += 1) {
    const folder = `/${parts.slice(0, index).join('/')}`;
    if (!canEnter(folder, user)) return folder;
  }
  return path;
}

/** Stops the start-up in Portuguese: which folder, and the fixes. */
export function unreachableFolderError(folder: string, cause?: unknown): Error {
  return new Error(
    `O PostgreSQL embutido roda como o usuário "postgres", que não consegue acessar a pasta ${folder} ` +
      `(permissão 0700 de root, como /root). Clone o projeto em uma pasta acessível (por exemplo /srv ou /opt), ` +
      `ou libere a passagem com "chmod o+x ${folder}", ou use um PostgreSQL externo com DATABASE_URL.`,
    { cause },
  );
}

/**
 * The cluster folder the server user can reach: `dataDir` itself when it can enter its parent,
 * else `/var/lib/bari-care/data-<hash of dataDir>/<name>`, the same for every process of this
 * project (the app and the projections CLI find the same cluster).
 */
export function reachableDataDir(dataDir: string, user: ServerUser, log: (message: string) => void): string {
  if (canEnter(existingAncestor(dirname(dataDir)), user)) return dataDir;
  const home = join(SHARED_ROOT, `data-${hash(dataDir)}`);
  try {
    mkdirSync(home, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw unreachableFolderError(blockingFolder(dirname(dataDir), user), error);
  }
  if (!canEnter(home, user)) throw unreachableFolderError(blockingFolder(home, user));
  const relocated = join(home, basename(dataDir));
  log(`${dataDir} is not reachable by the postgres user; the cluster lives in ${relocated}`);
  return relocated;
}

/** Where the binaries beside `postgres` are copied: one folder per package build. */
export function binariesCopyFolder(postgres: string): string {
  const { size, mtimeMs } = statSync(postgres);
  return join(SHARED_ROOT, `postgres-${hash(`${resolve(dirname(postgres), '..')}:${size}:${mtimeMs}`)}`);
}

/**
 * Binaries the server user can run: the packaged ones, or a copy of their whole folder
 * (bin, lib, share: initdb finds the rest beside itself) under /var/lib/bari-care, made once
 * per package build and kept.
 */
export function reachableBinaries(
  binaries: Binaries,
  user: ServerUser,
  log: (message: string) => void,
): Binaries {
  if (canEnter(dirname(binaries.postgres), user)) return binaries;
  const source = resolve(dirname(binaries.postgres), '..');
  const target = binariesCopyFolder(binaries.postgres);
  const relocated = (path: string) => join(target, relative(source, path));
  try {
    if (!existsSync(join(target, '.complete'))) {
      mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
      const partial = `${target}.${process.pid}.partial`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
      writeFileSync(join(partial, '.complete'), '');
      rmSync(target, { recursive: true, force: true });
      renameSync(partial, target);
      log(`PostgreSQL binaries copied to ${target}: the postgres user cannot reach ${source}`);
    }
  } catch (error) {
    throw unreachableFolderError(blockingFolder(source, user), error);
  }
  const copy = { initdb: relocated(binaries.initdb), postgres: relocated(binaries.postgres) };
  if (!canEnter(dirname(copy.postgres), user)) throw unreachableFolderError(blockingFolder(target, user));
  return copy;
}
