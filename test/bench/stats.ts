/** Figures with their spread, as every benchmark prints them. */
export interface Figure {
  name: string;
  unit: 'ms' | 'MiB' | 'ratio' | 'count' | 's';
  /** The headline value (the median for timings). */
  value: number;
  /** Spread for timings: percentiles over the samples. */
  p50?: number;
  p90?: number;
  p99?: number;
  min?: number;
  max?: number;
  samples?: number;
  /** The goal from the issue, when there is one, and whether this run meets it. */
  goal?: string;
  meets?: boolean;
  note?: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Summarises timing samples (ms) into a figure with p50/p90/p99/min/max. */
export function timingFigure(name: string, samples: number[], extra: Partial<Figure> = {}): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    unit: 'ms',
    value: percentile(sorted, 50),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    samples: sorted.length,
    ...extra,
  };
}

/** Times `fn` `runs` times after `warmup` untimed runs; returns the samples in ms. */
export async function timeRuns(fn: () => unknown | Promise<unknown>, runs: number, warmup = 1): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return samples;
}

/** A figure with the goal and whether this run meets it. */
export function withGoal(figure: Figure, goal: string, meets: boolean): Figure {
  return { ...figure, goal, meets };
}

export function formatFigure(f: Figure): string {
  const num = (n: number | undefined) => (n === undefined ? '-' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
  let line = `  ${f.name.padEnd(52)} ${num(f.value).padStart(8)} ${f.unit}`;
  if (f.p50 !== undefined) line += `   p50 ${num(f.p50)}  p90 ${num(f.p90)}  p99 ${num(f.p99)}  min ${num(f.min)}  max ${num(f.max)}  n=${f.samples}`;
  if (f.goal) line += `   goal ${f.goal}: ${f.meets ? 'met' : 'NOT met'}`;
  if (f.note) line += `   (${f.note})`;
  return line;
}
