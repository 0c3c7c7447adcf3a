import { parseQuery } from '../../server/search/query';
import { rankTable } from '../../server/search/rank';
import { compactTable } from '../../server/search/packing';
import { PathTable } from '../../server/search/pathTable';
import type { Benchmark } from './benchmark';
import { loadCorpus } from './searchData';
import { timingFigure, type Figure } from './stats';

const LIMIT = 50;
const ROUNDS = 2;

/**
 * How long a search holds the thread between two yields (`setImmediate`: the turns in
 * which a cancel can be read), on the 92k list, with and without a file created or
 * deleted before each search (as under churn: each one changes the table's structure,
 * and the next search needs a new folder tree). The load benchmark's cancels wait for
 * the rest of the turn under way; its goal is 5 ms end to end, the search's slice 2 ms.
 */
export const searchTurnsBenchmark: Benchmark = {
  id: 'search-turns',
  name: 'search turns: time between yields of one search, with files coming and going',
  async run(log) {
    const corpus = loadCorpus();
    const table = new PathTable();
    for (const p of corpus.paths) table.add(p);
    if (table.needsCompaction) compactTable(table);
    const queries = corpus.queries.map((q) => q.q);
    log(`${table.liveCount} files, ${queries.length} queries, ${ROUNDS} rounds after one untimed`);
    const figures: Figure[] = [];
    for (const churn of [false, true]) {
      const first: number[] = [];
      const all: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        for (const [i, q] of queries.entries()) {
          if (churn) {
            const name = `churn/file${i % 200}.ts`;
            if (table.find(name) >= 0) table.remove(name);
            else table.add(name);
          }
          const turns = await turnsOf(() => rankTable(table, parseQuery(q), { limit: LIMIT, cancel: { isCancellationRequested: false }, now: Date.now(), remember: true }));
          if (round === 0) continue;
          first.push(turns[0]);
          all.push(...turns);
        }
      }
      const label = churn ? 'a file created or deleted before each search' : 'no changes';
      figures.push(timingFigure(`${label}: first turn of a search`, first));
      figures.push(timingFigure(`${label}: every turn of a search`, all));
    }
    return figures;
  },
};

/** Runs `search` with `setImmediate` wrapped, and returns the time (ms) between its yields: its turns. */
async function turnsOf(search: () => Promise<unknown>): Promise<number[]> {
  const original = globalThis.setImmediate;
  const turns: number[] = [];
  let turnStart = performance.now();
  const wrapped = ((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
    turns.push(performance.now() - turnStart);
    return original(() => {
      turnStart = performance.now();
      callback(...args);
    });
  }) as unknown as typeof setImmediate;
  globalThis.setImmediate = wrapped;
  try {
    await search();
    turns.push(performance.now() - turnStart);
  } finally {
    globalThis.setImmediate = original;
  }
  return turns;
}
