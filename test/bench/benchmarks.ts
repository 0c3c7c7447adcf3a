import type { Benchmark } from './benchmark';

/** Every benchmark, in the order printed. Each domain adds its own line. */
export function benchmarks(): Benchmark[] {
  return [];
}
