import { astEditBenchmark } from './astedit';
import type { Benchmark } from './benchmark';
import { hashlineBenchmark } from './hashline';
import { loadBenchmark } from './load';
import { refsBenchmark } from './refs';
import { rulesBenchmark } from './rules';
import { rulesContextBenchmark } from './rulesContext';
import { searchBenchmark } from './search';
import { searchTurnsBenchmark } from './searchTurns';
import { watchingBenchmark } from './watching';

/** Every benchmark, in the order printed. Each domain adds its own line. */
export function benchmarks(): Benchmark[] {
  return [
    hashlineBenchmark,
    refsBenchmark,
    astEditBenchmark,
    rulesBenchmark,
    rulesContextBenchmark,
    searchBenchmark,
    searchTurnsBenchmark,
    loadBenchmark,
    watchingBenchmark,
  ];
}
