// Percentiles and summaries of samples: what every bench section reports.
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function summarize(values: readonly number[], digits = 2): Summary {
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return {
    n: values.length,
    p50: round(percentile(values, 50), digits),
    p95: round(percentile(values, 95), digits),
    max: round(Math.max(...values), digits),
    mean: round(mean, digits),
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on this machine. */
export const wallNow = (): number => performance.timeOrigin + performance.now();
