import { addPerDate, addReportDeltas, type ReportDeltas } from '../reports/counters.ts';
import type { StatisticsDelta } from './fold.ts';

/*
 * What the patients projection sums during a rebuild's replay instead of adding each batch's
 * changes to rows already written: the statistics and the reports' counters, upserted batch
 * after batch, were about 2 s of PostgreSQL's work on the patients lane of a 20,000-patient
 * rebuild. `finishReplay` writes the totals once, into the empty tables.
 */

/** The statistics' counters, as `patient_statistics` names them. */
export type StatisticName = 'patients' | 'completed_procedures' | 'pending_procedures';

export interface ReplayTotals {
  readonly reports: ReportDeltas;
  readonly statistics: StatisticsDelta;
  /** Counters some batch changed: written even when back to zero, as batch after batch would. */
  readonly touched: Set<StatisticName>;
}

/** The statistics' counters of a delta (or of the totals), as `[counter, value]`. */
function counters(delta: StatisticsDelta): [StatisticName, number][] {
  return [
    ['patients', delta.patients],
    ['completed_procedures', delta.completedProcedures],
    ['pending_procedures', delta.pendingProcedures],
  ];
}

/** A batch's changes to the statistics, as `[counter, change]` for the counters it changes. */
export function statisticChanges(delta: StatisticsDelta): [StatisticName, number][] {
  return counters(delta).filter(([, change]) => change !== 0);
}

const MEMORY_KEY = 'patients-replay-totals';

/** The replay's totals so far, kept in the projection's replay memory. */
export function replayTotals(memory: Map<string, unknown>): ReplayTotals {
  let totals = memory.get(MEMORY_KEY) as ReplayTotals | undefined;
  if (!totals) {
    totals = {
      reports: { municipalities: new Map(), establishments: new Map() },
      statistics: { patients: 0, completedProcedures: 0, pendingProcedures: 0, pendingByDate: new Map() },
      touched: new Set(),
    };
    memory.set(MEMORY_KEY, totals);
  }
  return totals;
}

/** Adds a committed batch's changes to the totals. */
export function addBatch(totals: ReplayTotals, reports: ReportDeltas, statistics: StatisticsDelta): void {
  addReportDeltas(totals.reports, reports);
  const sum = totals.statistics;
  sum.patients += statistics.patients;
  sum.completedProcedures += statistics.completedProcedures;
  sum.pendingProcedures += statistics.pendingProcedures;
  // Every date a batch names gets its row, even at zero, as the batch's upsert would write it.
  addPerDate(sum.pendingByDate, statistics.pendingByDate);
  for (const [name] of statisticChanges(statistics)) totals.touched.add(name);
}

/** The totals' statistics as the changes to write: every counter some batch changed. */
export function totalChanges(totals: ReplayTotals): [StatisticName, number][] {
  const values = new Map(counters(totals.statistics));
  return [...totals.touched].map((name) => [name, values.get(name)!]);
}
