import type { DatabasePoolConnection } from 'slonik';
import { describe, expect, it } from 'vitest';
import { createFinishingQueue, type FinishingSteps, type FinishingWork } from './finishing-queue.ts';
import type { Lane } from './lanes.ts';

interface Step {
  readonly lane: string;
  readonly step: 'clean' | 'build' | 'analyze';
  readonly table: string;
  readonly started: number;
  ended?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Steps that record which lane ran what, and when, instead of talking to PostgreSQL; a build
 * takes as long as its definition says (`/* 60 ms *\/`), or fails when it says so.
 */
function recordingSteps(sizes: Readonly<Record<string, number>> = {}) {
  const steps: Step[] = [];
  /** When each failure was thrown, on the same clock. */
  const failures: number[] = [];
  let clock = 0;
  const record = async (db: unknown, step: Step['step'], table: string, ms: number, fail = false) => {
    const entry: Step = { lane: (db as { name: string }).name, step, table, started: clock++ };
    steps.push(entry);
    await delay(ms);
    if (fail) {
      failures.push(clock++);
      throw new Error(`build of ${table} failed`);
    }
    entry.ended = clock++;
  };
  const fake: FinishingSteps = {
    cleanPendingLists: (db, tables) => record(db, 'clean', tables.join(','), 1),
    buildIndex: (db, index) =>
      record(
        db,
        'build',
        index.table,
        Number(/\/\* (\d+) ms \*\//.exec(index.definition)?.[1] ?? 1),
        index.definition.includes('fails'),
      ),
    analyze: (db, table) => record(db, 'analyze', table, 1),
    sizes: async (_, tables) => new Map(tables.map((table) => [table, sizes[table] ?? 1_000])),
  };
  return { steps, failures, fake };
}

/** A lane whose connection is only its name: the fake steps never query it. */
const lane = (name: string, targets: number[]): Lane => ({
  connection: { name } as unknown as DatabasePoolConnection,
  targets,
});

const index = (table: string, using: string, ms: number) => ({
  table,
  definition: `CREATE INDEX ${table}_idx ON public.${table} USING ${using} (id) /* ${ms} ms */`,
});

const patients: FinishingWork = {
  tables: ['lists', 'procedures'],
  deferred: [index('procedures', 'btree', 5), index('lists', 'gin', 60)],
};
const audit: FinishingWork = {
  tables: ['log', 'entities'],
  deferred: [index('log', 'btree', 5), index('log', 'btree', 5), index('log', 'btree', 5)],
};

const find = (steps: readonly Step[], step: Step['step'], table: string) =>
  steps.filter((entry) => entry.step === step && entry.table === table);

describe('the finishing queue', () => {
  it('analyses a table once its pending lists are merged and every index of it is built', async () => {
    const { steps, fake } = recordingSteps();
    const queue = createFinishingQueue(2, [patients, audit], async () => undefined, fake);

    await Promise.all([queue.run(lane('a', [0])), delay(3).then(() => queue.run(lane('b', [1])))]);

    for (const table of ['lists', 'procedures', 'log', 'entities']) {
      const [analysis, ...again] = find(steps, 'analyze', table);
      expect(again).toEqual([]);
      const before = [
        ...find(steps, 'build', table),
        ...steps.filter((entry) => entry.step === 'clean' && entry.table.split(',').includes(table)),
      ];
      expect(before.length).toBeGreaterThan(0);
      for (const prerequisite of before) expect(analysis!.started).toBeGreaterThan(prerequisite.ended!);
    }
    expect(find(steps, 'build', 'log')).toHaveLength(3);
    expect(steps.every((entry) => entry.ended !== undefined)).toBe(true);
  });

  it('builds the slowest index first and leaves no lane waiting on it while other work is queued', async () => {
    const { steps, fake } = recordingSteps();
    const queue = createFinishingQueue(2, [patients, audit], async () => undefined, fake);

    await Promise.all([queue.run(lane('a', [0])), delay(3).then(() => queue.run(lane('b', [1])))]);

    const [gin] = find(steps, 'build', 'lists');
    const [btree] = find(steps, 'build', 'procedures');
    expect(gin!.started).toBeLessThan(btree!.started);
    // While lane a builds the GIN index, lane b builds the b-tree and analyses its table, then
    // does the audit's work: nothing it can do waits for the GIN index.
    const [procedures] = find(steps, 'analyze', 'procedures');
    expect(procedures!.ended).toBeLessThan(gin!.ended!);
    for (const analysis of [...find(steps, 'analyze', 'log'), ...find(steps, 'analyze', 'entities')])
      expect(analysis.ended).toBeLessThan(gin!.ended!);
  });

  it('keeps a lane helping until every lane has replayed, and reports the end of the replay once', async () => {
    const { steps, fake } = recordingSteps();
    let replayed = 0;
    const queue = createFinishingQueue(
      2,
      [patients, audit],
      async () => {
        replayed += 1;
      },
      fake,
    );

    const first = queue.run(lane('a', [0]));
    await delay(80);
    expect(replayed).toBe(0);
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await delay(5);
    // Lane a ran out of its own work, but the other lane's replay is not over: it waits.
    expect(firstDone).toBe(false);
    await Promise.all([first, queue.run(lane('b', [1]))]);

    expect(replayed).toBe(1);
    expect(steps.filter((entry) => entry.lane === 'a' && entry.table === 'log').length).toBeGreaterThan(0);
  });

  it('stops every lane when a step fails, and never analyses the table whose build failed', async () => {
    const { steps, failures, fake } = recordingSteps();
    const failing: FinishingWork = {
      tables: ['lists'],
      deferred: [
        { table: 'lists', definition: 'CREATE INDEX x ON public.lists USING gin (id) fails /* 20 ms */' },
      ],
    };
    const slowAudit: FinishingWork = {
      tables: ['log'],
      deferred: Array.from({ length: 10 }, () => index('log', 'btree', 5)),
    };
    const queue = createFinishingQueue(2, [failing, slowAudit], async () => undefined, fake);

    const results = await Promise.allSettled([queue.run(lane('a', [0])), queue.run(lane('b', [1]))]);

    // The lane that ran the failed build rejects; the other stops.
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: new Error('build of lists failed'),
    });
    // The other lane finished the build it was running when the failure came, and started no other.
    const [failedAt] = failures;
    expect(steps.filter((entry) => entry.started > failedAt!)).toEqual([]);
    expect(find(steps, 'build', 'log').length).toBeLessThan(10);
    expect(steps.filter((entry) => entry.ended === undefined)).toEqual(find(steps, 'build', 'lists'));
    expect(find(steps, 'analyze', 'lists')).toEqual([]);
    expect(find(steps, 'analyze', 'log')).toEqual([]);
  });

  it("takes the heaviest job queued, whichever lane's, when a lane is free", async () => {
    const { steps, fake } = recordingSteps({ lists: 100_000, log: 50_000 });
    const queue = createFinishingQueue(2, [patients, audit], async () => undefined, fake);

    // The audit lane's replay ends first: it starts on its builds alone
    const audits = queue.run(lane('b', [1]));
    await delay(3);
    await Promise.all([audits, queue.run(lane('a', [0]))]);

    // and the lane free next takes the patients' GIN index, queued after the audit's b-trees
    const [gin] = find(steps, 'build', 'lists');
    const logBuilds = find(steps, 'build', 'log');
    expect(logBuilds[0]!.started).toBeLessThan(gin!.started);
    expect(gin!.started).toBeLessThan(logBuilds[1]!.started);
  });
});
