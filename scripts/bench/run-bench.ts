import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { clinicToday } from '@bari/contracts';
import { openDatabase } from '@bari/db';
import { startApp, repoRoot } from './app-process.ts';
import { measureBaselineInsert } from './baseline-insert.ts';
import { measureCommitFloor } from './commit-floor.ts';
import { createDataset } from './dataset.ts';
import { countEvents } from './event-count.ts';
import { initializeAndSignIn } from './http-client.ts';
import { measureAppends } from './measure-appends.ts';
import { measureCommands } from './measure-commands.ts';
import { measureQueries } from './measure-queries.ts';
import { measurePdfs } from './measure-reports.ts';
import { measureWeb } from './measure-web.ts';
import { runRebuildAll } from './measure-rebuild.ts';
import { messages } from './messages.ts';
import type { BenchOptions } from './options.ts';
import type { BenchResults } from './results.ts';
import { seedPatients } from './seed.ts';
import { settleDatabase } from './settle.ts';

/** How long the server idles after the load before its resident memory is read. */
const REST_MS = 3_000;

/**
 * The whole benchmark: app up on a fresh embedded database, seeded over HTTP, then the
 * rebuild (on exactly the seeded log) and its baseline, the reads, the writes, the raw
 * appends, and the server's memory at rest. The app is stopped however this ends.
 */
export async function runBench(
  options: BenchOptions,
  say: (line: string) => void = (line) => console.log(line),
): Promise<BenchResults> {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0]!;
  // At the start: the code measured is the code started, whatever is committed meanwhile.
  const commit = gitCommit();
  const dataset = createDataset(options.seed, clinicToday(startedAt));
  say(messages.starting);
  const app = await startApp({ logLevel: options.logLevel });
  try {
    const api = await initializeAndSignIn(app.baseUrl);
    const database = await openDatabase(app.databaseEnv);

    say(messages.seeding(options.patients, options.clients));
    const seeded = await seedPatients(api, dataset, {
      count: options.patients,
      clients: options.clients,
      progress: options.interactive,
    });
    say(messages.seeded(seeded.seconds, seeded.requests));
    const events = await countEvents(database.url);
    say(messages.settling);
    const settledAfterSeeding = await settleDatabase(database.migrationUrl);

    say(messages.rebuilding);
    const rebuild = await runRebuildAll(app.databaseEnv, { showOutput: options.interactive });
    say(messages.settling);
    const settledAfterRebuild = await settleDatabase(database.migrationUrl);
    say(messages.baseline);
    // The scratch table is created by the owner role: the app role may only read and append events.
    const baselineInsertPerSec = await measureBaselineInsert(database.migrationUrl, options.duration);
    const eventsPerSec = Math.round(events / rebuild.seconds);

    say(messages.queries);
    const http = { clients: options.httpClients, seconds: options.duration };
    const queries = await measureQueries(api, dataset, seeded.patientIds, {
      ...http,
      warmupSeconds: options.warmup,
    });
    say(messages.reports);
    const pdf = await measurePdfs(api, seeded.patientIds);
    const web = measureWeb();
    say(messages.commands);
    const commands = await measureCommands(
      api,
      dataset,
      { patients: options.patients, pendingProcedureIds: seeded.pendingProcedureIds },
      http,
    );
    say(messages.appends);
    const appends = {
      ...(await measureAppends(database.url, options.duration)),
      // A scratch table, so the owner role (the app role may only read and append events).
      commitFloor: await measureCommitFloor(database.migrationUrl, options.duration),
    };

    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const restingRssMB = Math.round(app.rssMB());
    await database.stop();

    return {
      patients: options.patients,
      events,
      rebuild: {
        eventsPerSec,
        seconds: Math.round(rebuild.seconds * 10) / 10,
        peakRssMB: rebuild.peakRssMB,
        baselineInsertPerSec,
        ratioToBaseline: Math.round((eventsPerSec / baselineInsertPerSec) * 1000) / 1000,
      },
      appends,
      commands,
      queries,
      pdf,
      web,
      restingRssMB,
      settle: {
        afterSeedingSeconds: Math.round(settledAfterSeeding * 100) / 100,
        afterRebuildSeconds: Math.round(settledAfterRebuild * 100) / 100,
      },
      seeding: {
        seconds: Math.round(seeded.seconds * 10) / 10,
        patientsPerSec: Math.round((options.patients / seeded.seconds) * 10) / 10,
        requests: seeded.requests,
        deletedPatients: seeded.deleted,
        clients: options.clients,
      },
      run: {
        startedAt: startedAt.toISOString(),
        commit,
        seed: options.seed,
        durationSeconds: options.duration,
        warmupSeconds: options.warmup,
        cpus: availableParallelism(),
        node: process.version,
        loadAverage: { start: round2(loadAtStart), end: round2(loadavg()[0]!) },
      },
    };
  } finally {
    await app.stop();
  }
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;
