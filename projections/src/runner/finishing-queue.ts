import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { sql } from '@bari/db';
import type { Lane } from './lanes.ts';
import {
  analyzeRebuildTables,
  cleanGinPendingLists,
  createIndexLike,
  rebuildTable,
  type IndexToCopy,
} from './swap.ts';

/*
 * The end of a rebuild's replay: each target's loaded tables readied to go live (indexes
 * built, statistics taken), a lane at a time as soon as its replay is over.
 */

/** A target's tables and the indexes they get once loaded. */
export interface FinishingWork {
  readonly tables: readonly string[];
  readonly deferred: readonly IndexToCopy[];
}

/** What readying a table takes, one statement each (tests give their own). */
export interface FinishingSteps {
  cleanPendingLists(db: CommonQueryMethods, tables: readonly string[]): Promise<void>;
  buildIndex(db: CommonQueryMethods, index: IndexToCopy, name: string): Promise<void>;
  analyze(db: CommonQueryMethods, table: string): Promise<void>;
  /** Each loaded table's size in bytes, to weigh its work. */
  sizes(db: CommonQueryMethods, tables: readonly string[]): Promise<ReadonlyMap<string, number>>;
}

const databaseSteps: FinishingSteps = {
  cleanPendingLists: cleanGinPendingLists,
  buildIndex: createIndexLike,
  analyze: (db, table) => analyzeRebuildTables(db, [table]),
  async sizes(db, tables) {
    const rows = await db.any(sql.type(z.object({ table: z.string(), bytes: z.number() }))`
      select t.name as table, pg_relation_size(t.copy::regclass)::float8 as bytes
      from unnest(${sql.array(tables, 'text')}, ${sql.array(tables.map(rebuildTable), 'text')}) as t (name, copy)
    `);
    return new Map(rows.map((row) => [row.table, row.bytes]));
  },
};

interface LaneJob {
  /** Work it is expected to take, to start the longest first: a lane idle at the end waits for the others. */
  readonly weight: number;
  readonly run: (db: CommonQueryMethods) => Promise<void>;
}

/**
 * How long a build takes, roughly, against the others: a generalized index (GIN, GiST) takes
 * several times a b-tree's time on the same table, and both grow with the table.
 */
const buildWeight = (index: IndexToCopy, bytes: number): number =>
  (/ using (gin|gist) /i.test(index.definition) ? 4 : 1) * (bytes + 1);
const analyzeWeight = 0;

/**
 * The work that readies loaded tables to go live, shared by the lanes. A lane whose replay is
 * over queues its own targets' work and works through the queue, its own or another lane's,
 * until every lane's replay is over and nothing is queued or running:
 * - a GIN index kept up during the load has its pending list merged (searches would scan it
 *   until then);
 * - the deferred indexes are built, each under a name of its own, which the swap renames by
 *   shape;
 * - a table is analysed once its indexes are there (an expression index has statistics of its
 *   own, and `ANALYZE` would wait for a running `CREATE INDEX` on its table anyway). Its
 *   analysis is queued by the job that completes its last prerequisite, so no lane ever sits
 *   waiting for a build another lane runs while there is other work.
 *
 * The queue is shared, and a free lane takes the work likely to take longest (the largest
 * table's generalized index first), whichever lane's it is: at the end, the lanes all wait for
 * the last job, so a long build started last would leave the others idle.
 */
export function createFinishingQueue(
  lanes: number,
  /** Per target (the lanes' `targets` index it): its tables and the indexes they lack. */
  targets: readonly FinishingWork[],
  /** Called once every lane's replay is over (the progress moves to `indexes`). */
  onReplayed: () => Promise<void>,
  steps: FinishingSteps = databaseSteps,
) {
  const jobs: LaneJob[] = [];
  let replaying = lanes;
  let running = 0;
  let failed = false;
  let waiting: (() => void)[] = [];
  const waitForWork = () => new Promise<void>((resolve) => waiting.push(resolve));
  const notify = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };
  const queueFor = async (lane: Lane): Promise<void> => {
    let position = 0;
    const sizes = await steps.sizes(
      lane.connection,
      lane.targets.flatMap((index) => targets[index]!.tables),
    );
    for (const index of lane.targets) {
      const { tables, deferred } = targets[index]!;
      // Per table, the jobs still to complete before it is analysed: the pending-list merge
      // and each of its builds.
      const prerequisites = new Map(
        tables.map((table) => [table, 1 + deferred.filter((index) => index.table === table).length]),
      );
      const completed = (table: string): void => {
        const left = prerequisites.get(table)! - 1;
        prerequisites.set(table, left);
        if (left === 0) jobs.push({ weight: analyzeWeight, run: (db) => steps.analyze(db, table) });
      };
      // First: until it is done, no table of the target can be analysed.
      jobs.push({
        weight: Number.POSITIVE_INFINITY,
        async run(db) {
          await steps.cleanPendingLists(db, tables);
          tables.forEach(completed);
        },
      });
      for (const definition of deferred) {
        const name = `${rebuildTable(definition.table)}_deferred_${index}_${position++}`;
        jobs.push({
          weight: buildWeight(definition, sizes.get(definition.table) ?? 0),
          async run(db) {
            await steps.buildIndex(db, definition, name);
            completed(definition.table);
          },
        });
      }
    }
  };
  /** The heaviest job queued (the first queued among equals), taken off the queue. */
  const takeHeaviest = (): LaneJob | undefined => {
    let heaviest = -1;
    jobs.forEach((job, index) => {
      if (heaviest < 0 || job.weight > jobs[heaviest]!.weight) heaviest = index;
    });
    return heaviest < 0 ? undefined : jobs.splice(heaviest, 1)[0];
  };
  return {
    async run(lane: Lane): Promise<void> {
      await queueFor(lane);
      replaying -= 1;
      notify();
      if (replaying === 0) await onReplayed();
      for (;;) {
        if (failed) return;
        const job = takeHeaviest();
        if (job) {
          running += 1;
          try {
            await job.run(lane.connection);
          } catch (error) {
            failed = true;
            throw error;
          } finally {
            running -= 1;
            // A job may have queued more (an analysis), or been the last one running.
            notify();
          }
        } else if (replaying === 0 && running === 0) {
          return;
        } else {
          await waitForWork();
        }
      }
    },
    abort(): void {
      failed = true;
      notify();
    },
  };
}
