import type { Figure } from './stats';

/** One benchmark of `npm run bench`; each domain adds its own in `benchmarks.ts`. */
export interface Benchmark {
  /** What `npm run bench -- ID` runs it by (the README lists them): matched whole, so `search` is not `search-turns`. */
  id: string;
  name: string;
  /** Runs and returns its figures; `log` prints progress lines. */
  run(log: (line: string) => void): Promise<Figure[]>;
}
