import type { BenchQuery } from './searchData';
import type { Figure } from './stats';
import type { KindOdds, RecipeOdds } from './searchRecipeOdds';

/**
 * The top-5 hit rate no ranker can beat, in expectation, on a query set made by the recipe
 * of searchHeldOut.ts. A ranker sees the query string, not the file it was made from; the
 * best it can do is to order files by how likely each is to be that source (P(file | string),
 * Bayes' rule over the recipe: searchRecipeOdds.ts), and its chance of a hit is then the
 * share of that probability its first five hold. The ranker is told neither the query's
 * kind: it knows only the set's mix of kinds (a typo and a path fragment can read alike).
 */
export interface Ceiling {
  /** The queries a hit rate counts: those with a source. */
  queries: number;
  /** The best ranker's expected hits over them. */
  expectedHits: number;
  /** Their standard deviation were the queries independent (a typing session's are not: its keystrokes share a source). */
  sd: number;
  /** Each counted query's chance of a hit with the best ranker, in the set's order. */
  perQuery: number[];
  /** Counted queries the recipe cannot make from any file of the list: taken as certain hits, so the figure stays a ceiling. */
  unexplained: number;
}

const TOP = 5;

/** The sum of the `count` largest values, in one pass. */
function sumOfLargest(values: Iterable<number>, count: number): number {
  const largest: number[] = [];
  for (const v of values) {
    if (largest.length === count && v <= largest[count - 1]) continue;
    let i = Math.min(largest.length, count - 1);
    while (i > 0 && largest[i - 1] < v) i--;
    largest.splice(i, 0, v);
    if (largest.length > count) largest.pop();
  }
  return largest.reduce((a, b) => a + b, 0);
}

/**
 * P(file | query string) for one query after another, in arrays of one slot a file reused
 * from query to query (a short query has tens of thousands of candidate files).
 */
class Posterior {
  /** P(string, file) summed over the kinds, each weighted by its share of the set. */
  private readonly joint: Float64Array;
  /** The pass (one kind for one query) that last counted the file: a kind may name a file twice. */
  private readonly countedIn: Int32Array;
  private pass = 0;

  constructor(fileCount: number) {
    this.joint = new Float64Array(fileCount);
    this.countedIn = new Int32Array(fileCount);
  }

  /** The best ranker's chance of a hit on `q`: the share of the posterior its first five files hold, or undefined when no file can make `q`. */
  bestHitChance(q: string, mix: readonly [KindOdds, number][]): number | undefined {
    const touched: number[] = [];
    for (const [kind, share] of mix) {
      this.pass++;
      for (const id of kind.candidates(q)) {
        if (this.countedIn[id] === this.pass) continue;
        this.countedIn[id] = this.pass;
        const p = kind.odds(q, id);
        if (!(p > 0)) continue;
        if (this.joint[id] === 0) touched.push(id);
        this.joint[id] += share * p;
      }
    }
    const odds = touched.map((id) => this.joint[id]);
    for (const id of touched) this.joint[id] = 0;
    const total = odds.reduce((a, b) => a + b, 0);
    return total > 0 ? sumOfLargest(odds, TOP) / total : undefined;
  }
}

/**
 * The ceiling of `queries` over the list `recipe` was computed for (`recipeOdds(paths)`, built
 * once for several sets), or undefined when some counted query is of a kind the recipe does
 * not make (the generated stand-in set of searchData.ts): no recipe, no odds.
 */
export function topFiveCeiling(recipe: RecipeOdds, queries: readonly BenchQuery[]): Ceiling | undefined {
  const { kinds } = recipe;
  const counted = queries.filter((q) => q.source !== undefined);
  const counts = new Map<string, number>();
  for (const q of counted) counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1);
  if ([...counts.keys()].some((kind) => !kinds.has(kind))) return undefined;
  const mix = [...counts].map(([kind, n]): [KindOdds, number] => [kinds.get(kind)!, n / counted.length]);
  const posterior = new Posterior(recipe.fileCount);
  let unexplained = 0;
  const perQuery = counted.map((q) => {
    const chance = posterior.bestHitChance(q.q, mix);
    if (chance === undefined) unexplained++;
    return chance ?? 1;
  });
  return {
    queries: counted.length,
    expectedHits: perQuery.reduce((a, b) => a + b, 0),
    sd: Math.sqrt(perQuery.reduce((sum, p) => sum + p * (1 - p), 0)),
    perQuery,
    unexplained,
  };
}

/** The ceiling as a figure of its own, its note naming the method. */
export function ceilingFigure(name: string, c: Ceiling): Figure {
  const unexplained = c.unexplained > 0 ? `; ${c.unexplained} queries the recipe cannot make counted as hits` : '';
  return {
    name,
    unit: 'ratio',
    value: c.expectedHits / c.queries,
    note: `expected ${c.expectedHits.toFixed(1)} of ${c.queries} hits, sd ${c.sd.toFixed(1)} were the queries independent: files ordered by P(source | query string) under the queries' recipe (searchHeldOut.ts), the kind not told, the set's mix of kinds known (searchCeiling.ts)${unexplained}`,
  };
}

/** A few words for the note of a measured hit rate: the ceiling beside it. */
export function ceilingBeside(c: Ceiling | undefined): string {
  return c ? `the best any ranker can expect here is ${(c.expectedHits / c.queries).toFixed(3)} (${c.expectedHits.toFixed(1)} of ${c.queries})` : 'no ceiling: these queries are not made by the recipe of searchHeldOut.ts';
}
