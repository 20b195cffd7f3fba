/** A figure's samples summarised: the median is what budgets are checked against. */
export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  /** Half the range relative to the median, in percent: how much the repetitions disagree. */
  spreadPct: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The value below which `p` (0–100) percent of the values fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function summarise(samples: readonly number[]): Summary {
  const med = median(samples);
  const min = samples.length ? Math.min(...samples) : Number.NaN;
  const max = samples.length ? Math.max(...samples) : Number.NaN;
  const spreadPct = med === 0 ? 0 : ((max - min) / 2 / Math.abs(med)) * 100;
  return { n: samples.length, median: med, min, max, spreadPct };
}
