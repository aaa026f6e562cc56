import { describe, expect, it } from 'vitest';
import type { GroupDelta, ReportDeltas } from '../reports/counters.ts';
import type { StatisticsDelta } from './fold.ts';
import { addBatch, replayTotals, totalChanges } from './replay-totals.ts';

const group = (
  patients: number,
  completed: number,
  pending: number,
  pendingByDate: [string, number][] = [],
  label?: GroupDelta['label'],
): GroupDelta => ({
  patients,
  completed,
  pending,
  pendingByDate: new Map(pendingByDate),
  ...(label && { label }),
});

const reports = (municipalities: [string, GroupDelta][] = []): ReportDeltas => ({
  municipalities: new Map(municipalities),
  establishments: new Map(),
});

const statistics = (
  patients: number,
  completedProcedures: number,
  pendingProcedures: number,
  pendingByDate: [string, number][] = [],
): StatisticsDelta => ({
  patients,
  completedProcedures,
  pendingProcedures,
  pendingByDate: new Map(pendingByDate),
});

describe('the replay totals of the patients projection', () => {
  it('sums the counters of the batches, per group and per date', () => {
    const totals = replayTotals(new Map());
    addBatch(totals, reports([['3550308', group(1, 0, 3, [['2026-01-10', 3]])]]), statistics(1, 0, 3));
    addBatch(
      totals,
      reports([
        [
          '3550308',
          group(1, 1, 2, [
            ['2026-01-10', -1],
            ['2026-02-10', 3],
          ]),
        ],
      ]),
      statistics(1, 1, 2),
    );

    const municipality = totals.reports.municipalities.get('3550308')!;
    expect([municipality.patients, municipality.completed, municipality.pending]).toEqual([2, 1, 5]);
    expect([...municipality.pendingByDate]).toEqual([
      ['2026-01-10', 2],
      ['2026-02-10', 3],
    ]);
    expect(totalChanges(totals)).toEqual([
      ['patients', 2],
      ['pending_procedures', 5],
      ['completed_procedures', 1],
    ]);
  });

  it('names a municipality as the last batch changing its numbers spelt it, not one moving only dates', () => {
    const totals = replayTotals(new Map());
    const old = { name: 'Sao Paulo', uf: 'SP' };
    const renamed = { name: 'São Paulo', uf: 'SP' };
    addBatch(totals, reports([['3550308', group(1, 0, 0, [], old)]]), statistics(1, 0, 0));
    addBatch(
      totals,
      reports([['3550308', group(0, 0, 0, [['2026-01-10', 1]], renamed)]]),
      statistics(0, 0, 0),
    );
    expect(totals.reports.municipalities.get('3550308')!.label).toEqual(old);

    addBatch(totals, reports([['3550308', group(0, 1, -1, [], renamed)]]), statistics(0, 1, -1));
    expect(totals.reports.municipalities.get('3550308')!.label).toEqual(renamed);
  });

  it('writes a counter some batch changed even when it is back to zero, and no other', () => {
    const totals = replayTotals(new Map());
    addBatch(totals, reports(), statistics(1, 0, 0, [['2026-01-10', 1]]));
    addBatch(totals, reports(), statistics(-1, 0, 0, [['2026-01-10', -1]]));
    expect(totalChanges(totals)).toEqual([['patients', 0]]);
    expect([...totals.statistics.pendingByDate]).toEqual([['2026-01-10', 0]]);
  });

  it('keeps its totals in the memory it is given, from batch to batch', () => {
    const memory = new Map<string, unknown>();
    addBatch(replayTotals(memory), reports(), statistics(1, 0, 0));
    addBatch(replayTotals(memory), reports(), statistics(1, 0, 0));
    expect(replayTotals(memory).statistics.patients).toBe(2);
  });
});
