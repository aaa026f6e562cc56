import cliProgress from 'cli-progress';
import {
  createDatabasePool,
  loadMigrations,
  grantToApplication,
  prepareDatabase,
  openDatabase,
  type DatabaseLocation,
  type DatabasePool,
} from '@bari/db';
import { createEventStore, eventStoreMigrations, type EventStore } from '@bari/event-store';
import { projectionMigrations } from '../migrations.ts';
import { allProjections } from '../registry.ts';
import type { Projection } from '../runner/projection.ts';
import { rebuildProjections, RebuildInProgressError, type RebuildProgress } from '../runner/rebuild.ts';
import { readProjectionStatus } from '../runner/status.ts';
import { parseArguments } from './arguments.ts';
import { messages } from './messages.ts';

/** The CLI's connections: a rebuild replays on all of them at once. */
const REBUILD_CONNECTIONS = 2;

export interface CliDependencies {
  readonly env: NodeJS.ProcessEnv;
  /** The registry by default; tests pass their own. */
  readonly projections?: readonly Projection[];
  readonly stdout?: NodeJS.WritableStream;
  /** Where the progress bar is drawn (only when it is a terminal). */
  readonly stderr?: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly batchSize?: number;
}

interface Connections {
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
}

/** Runs the projections CLI; resolves to the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], deps: CliDependencies): Promise<number> {
  const projections = deps.projections ?? allProjections;
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  const print = (line: string): void => void stdout.write(`${line}\n`);
  const command = parseArguments(
    argv,
    projections.map((projection) => projection.name),
  );
  if (command.kind === 'help') {
    print(messages.help);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr.write(`${command.message}\n${messages.usageHint}\n`);
    return 2;
  }
  if (projections.length === 0) {
    print(messages.noProjections);
    return 0;
  }

  let database: DatabaseLocation | undefined;
  let eventStore: EventStore | undefined;
  let pool: DatabasePool | undefined;
  try {
    database = await openDatabase(deps.env);
    await prepareDatabase(database, loadMigrations([eventStoreMigrations, ...projectionMigrations]));
    // As the tables' owner: a rebuild creates, drops and renames read-model tables, which the
    // application's role (what the app and the projector use) may not.
    eventStore = createEventStore(deps.env, database.migrationUrl);
    pool = await createDatabasePool(database.migrationUrl, { maximumPoolSize: REBUILD_CONNECTIONS });
    const connections = { eventStore, pool };
    if (command.kind === 'status') {
      print(await statusTable(connections, projections));
    } else {
      const chosen = projections.filter((projection) => command.names.includes(projection.name));
      await rebuild(connections, chosen, { print, stderr, batchSize: deps.batchSize });
      // The swapped-in tables have the owner's default grants: narrow them again.
      await grantToApplication(database);
    }
    return 0;
  } catch (error) {
    stderr.write(`${describe(error)}\n`);
    return 1;
  } finally {
    await pool?.end().catch(() => undefined);
    await eventStore?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
  }
}

async function statusTable(connections: Connections, projections: readonly Projection[]): Promise<string> {
  const rows = (await readProjectionStatus({ ...connections, projections })).map((status) => [
    status.name,
    ...messages.statusRow(status.checkpoint, status.lag, status.updatedAt, status.error),
  ]);
  const table = [[...messages.statusHeader], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Rebuilds the projections together: one pass over the log feeds them all. */
async function rebuild(
  connections: Connections,
  chosen: readonly Projection[],
  io: {
    readonly print: (line: string) => void;
    readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
    readonly batchSize: number | undefined;
  },
): Promise<void> {
  io.print(messages.rebuilding(chosen.map((projection) => projection.name)));
  const bar = new cliProgress.SingleBar(
    { format: messages.progressFormat, stream: io.stderr, hideCursor: true, barsize: 30 },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let barShown = false;
  const onProgress = ({ phase, events, position, head }: RebuildProgress): void => {
    const payload = {
      events: messages.count(events),
      rate: messages.rate(events / Math.max((performance.now() - started) / 1000, 0.001)),
    };
    if (phase === 'replay' && head) {
      // Progress is estimated from log positions: a count of the whole log would cost a replay.
      const value = Number(position?.commit ?? 0n);
      const total = Math.max(Number(head.commit), value);
      if (!barShown) bar.start(total, value, payload);
      else {
        bar.setTotal(total);
        bar.update(value, payload);
      }
      barShown = true;
    } else if (phase === 'indexes' || phase === 'catch-up') {
      if (barShown) {
        bar.update(bar.getTotal(), payload);
        bar.stop();
        barShown = false;
      }
      io.print(phase === 'indexes' ? messages.buildingIndexes : messages.catchingUp);
    }
  };
  try {
    const result = await rebuildProjections({
      ...connections,
      projections: chosen,
      batchSize: io.batchSize,
      // The pool's two connections: the rebuild's own and one more lane (both cores busy).
      replayLanes: REBUILD_CONNECTIONS,
      onProgress,
    });
    for (const projection of chosen) {
      const handled = result.handledBy[projection.name] ?? 0;
      io.print(messages.rebuilt(projection.name, result.events, handled, result.seconds));
    }
    if (chosen.length > 1) io.print(messages.rebuiltAll(chosen.length, result.events, result.seconds));
  } finally {
    if (barShown) bar.stop();
  }
}

function describe(error: unknown): string {
  if (error instanceof RebuildInProgressError) return messages.rebuildInProgress(error.projection);
  return messages.failure(error instanceof Error ? error.message : String(error));
}
