import type { CommonQueryMethods } from 'slonik';
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
}

const databaseSteps: FinishingSteps = {
  cleanPendingLists: cleanGinPendingLists,
  buildIndex: createIndexLike,
  analyze: (db, table) => analyzeRebuildTables(db, [table]),
};

type LaneJob = (db: CommonQueryMethods) => Promise<void>;

/**
 * The work that readies loaded tables to go live, shared by the lanes. A lane whose replay is
 * over queues its own targets' work and works through the queue, its own or another lane's,
 * until every lane's replay is over and nothing is queued or running:
 * - a GIN index kept up during the load has its pending list merged (searches would scan it
 *   until then);
 * - the deferred indexes are built, the slowest first, each under a name of its own, which the
 *   swap renames by shape;
 * - a table is analysed once its indexes are there (an expression index has statistics of its
 *   own, and `ANALYZE` would wait for a running `CREATE INDEX` on its table anyway). Its
 *   analysis is queued by the job that completes its last prerequisite, so no lane ever sits
 *   waiting for a build another lane runs while there is other work.
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
  const queueFor = (lane: Lane): void => {
    let position = 0;
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
        if (left === 0) jobs.push((db) => steps.analyze(db, table));
      };
      jobs.push(async (db) => {
        await steps.cleanPendingLists(db, tables);
        tables.forEach(completed);
      });
      const builds = deferred
        .map((definition) => ({
          definition,
          name: `${rebuildTable(definition.table)}_deferred_${index}_${position++}`,
        }))
        .sort((a, b) => buildWeight(b.definition) - buildWeight(a.definition));
      for (const { definition, name } of builds) {
        jobs.push(async (db) => {
          await steps.buildIndex(db, definition, name);
          completed(definition.table);
        });
      }
    }
  };
  return {
    async run(lane: Lane): Promise<void> {
      queueFor(lane);
      replaying -= 1;
      notify();
      if (replaying === 0) await onReplayed();
      for (;;) {
        if (failed) return;
        const job = jobs.shift();
        if (job) {
          running += 1;
          try {
            await job(lane.connection);
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

/** Generalized (GIN, GiST) indexes take far longer to build than b-trees of the same table. */
const buildWeight = (index: IndexToCopy): number => (/ using (gin|gist) /i.test(index.definition) ? 1 : 0);
