import type { DatabasePoolConnection } from 'slonik';
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

type LaneJob = (lane: DatabasePoolConnection) => Promise<void>;

/** A promise settled later with another's outcome (an index build a table's `analyze` waits for). */
function outcome() {
  let settle!: (work: Promise<void>) => void;
  const promise = new Promise<void>((resolve, reject) => (settle = (work) => work.then(resolve, reject)));
  // Its failure is the build's, reported by the lane that ran it.
  promise.catch(() => undefined);
  return {
    promise,
    settleWith: (work: Promise<void>): Promise<void> => {
      settle(work);
      return work;
    },
  };
}

/**
 * The work that readies loaded tables to go live, shared by the lanes. A lane whose replay is
 * over queues its own targets' work (a GIN index kept up during the load has its pending list
 * merged: searches would scan it until then; the deferred indexes are built, the slowest
 * first, each under a name of its own, which the swap renames by shape; then each table is
 * analysed, once its indexes are there for its statistics) and works through the queue, its
 * own or another lane's, until every lane's replay is over and the queue is empty.
 */
export function createFinishingQueue(
  lanes: number,
  /** Per target (the lanes' `targets` index it): its tables and the indexes they lack. */
  targets: readonly FinishingWork[],
  /** Called once every lane's replay is over (the progress moves to `indexes`). */
  onReplayed: () => Promise<void>,
) {
  const jobs: LaneJob[] = [];
  let replaying = lanes;
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
      const built = new Map<string, Promise<void>[]>();
      const indexes = deferred.map((definition) => ({
        definition,
        name: `${rebuildTable(definition.table)}_deferred_${index}_${position++}`,
      }));
      jobs.push((db) => cleanGinPendingLists(db, tables));
      for (const { definition, name } of indexes.sort(
        (a, b) => buildWeight(b.definition) - buildWeight(a.definition),
      )) {
        const build = outcome();
        built.set(definition.table, [...(built.get(definition.table) ?? []), build.promise]);
        jobs.push((db) => build.settleWith(createIndexLike(db, definition, name)));
      }
      for (const table of tables) {
        jobs.push(async (db) => {
          await Promise.all(built.get(table) ?? []);
          await analyzeRebuildTables(db, [table]);
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
          notify();
          await job(lane.connection).catch((error: unknown) => {
            failed = true;
            notify();
            throw error;
          });
        } else if (replaying === 0) {
          notify();
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
