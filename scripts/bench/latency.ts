/** Throughput and latency percentiles of one measurement (rates per second, times in ms). */
export interface LoadFigures {
  readonly perSec: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** The q-quantile of sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function loadFigures(latenciesMs: readonly number[], succeeded: number, seconds: number): LoadFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    perSec: round(succeeded / seconds),
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
  };
}
