import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

const rate = z.number().nonnegative();
const HttpFiguresSchema = z.object({
  clients: z.number().int().positive(),
  perSec: rate,
  p50: rate,
  p95: rate,
  p99: rate,
  requests: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
const AppendFiguresSchema = z.object({ perSec: rate, p50: rate, p99: rate });

/**
 * `bench/results/latest.json` (issue 7): times in ms, rates per second, memory in MB. Later
 * issues add their figures beside these keys.
 */
export const BenchResultsSchema = z.object({
  patients: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  rebuild: z.object({
    eventsPerSec: rate,
    seconds: rate,
    peakRssMB: rate,
    baselineInsertPerSec: rate,
    /** eventsPerSec ÷ baselineInsertPerSec. */
    ratioToBaseline: rate,
  }),
  appends: z.object({
    oneWriter: AppendFiguresSchema,
    eightWriters: AppendFiguresSchema,
    /** One-row INSERTs, a commit each, one client: the durable commit an append waits for. */
    commitFloor: AppendFiguresSchema,
  }),
  commands: z.object({ registerPatient: HttpFiguresSchema, completeProcedure: HttpFiguresSchema }),
  queries: z.object({
    authFloor: HttpFiguresSchema,
    patientList: HttpFiguresSchema,
    patientSearch: HttpFiguresSchema,
    patientDetail: HttpFiguresSchema,
    statistics: HttpFiguresSchema,
    auditLog: HttpFiguresSchema,
    auditLogSearch: HttpFiguresSchema,
    municipalityReport: HttpFiguresSchema,
  }),
  pdf: z.object({ individualMs: rate, municipalMs: rate, municipalPatients: z.number().int().nonnegative() }),
  web: z.object({ dashboardWireKB: rate, reportsChunkKB: rate, xlsxChunkKB: rate }),
  restingRssMB: rate,
  /** `VACUUM (ANALYZE)` after the seeding and after the rebuild, before anything is measured. */
  settle: z.object({ afterSeedingSeconds: rate, afterRebuildSeconds: rate }),
  seeding: z.object({
    seconds: rate,
    patientsPerSec: rate,
    requests: z.number().int().nonnegative(),
    deletedPatients: z.number().int().nonnegative(),
    clients: z.number().int().positive(),
  }),
  run: z.object({
    startedAt: z.string(),
    commit: z.string(),
    seed: z.number().int(),
    durationSeconds: z.number().positive(),
    /** Seconds of unmeasured load before each read measurement (absent in runs before it existed). */
    warmupSeconds: z.number().nonnegative().optional(),
    cpus: z.number().int().positive(),
    node: z.string(),
    /** 1-minute load average when the run started and ended: a busy machine skews every figure. */
    loadAverage: z.object({ start: rate, end: rate }),
  }),
});
export type BenchResults = z.infer<typeof BenchResultsSchema>;

export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(BenchResultsSchema.parse(results), null, 2)}\n`);
}
