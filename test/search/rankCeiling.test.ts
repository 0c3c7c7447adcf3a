import { describe, expect, it } from 'vitest';
import { topFiveCeiling } from '../bench/searchCeiling';
import type { BenchQuery } from '../bench/searchData';
import { recipeOdds } from '../bench/searchRecipeOdds';

/*
 * The ceiling the search bench prints beside its top-5 hit rate (test/bench/searchCeiling.ts),
 * on lists small enough to work the answer out by hand from the recipe of searchHeldOut.ts.
 */

const ceilingOf = (paths: string[], queries: BenchQuery[]) => topFiveCeiling(recipeOdds(paths), queries);
const numbered = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));

describe('the top-5 ceiling of the search bench', () => {
  it('splits evenly among names a typed prefix cannot tell apart, and is sure of a name only one file has', () => {
    // Ten names start `widg`: each is as likely the source, so five of the ten in a top five hit half the time.
    const paths = [...numbered(10, (i) => `src/widget${i}.ts`), 'lib/Unique.java', 'lib/other.ts'];
    const c = ceilingOf(paths, [
      { q: 'widg', kind: 'typing-prefix', source: 'src/widget3.ts' },
      { q: 'Unique.java', kind: 'exact-basename', source: 'lib/Unique.java' },
    ]);
    expect(c?.perQuery).toEqual([expect.closeTo(0.5, 9), expect.closeTo(1, 9)]);
    expect(c?.expectedHits).toBeCloseTo(1.5, 9);
    expect(c?.unexplained).toBe(0);
  });

  it('weighs the kinds that could have made a string by the set\'s mix, not by the kind the query carries', () => {
    // Eleven names of ten or more letters, each session typing ten keys; one of them, `widgetpane`, is also a whole name.
    // A quarter of the set is exact names, three quarters typing: P(widgetpane, its file) = 1/4 · 1/11 + 3/4 · 1/11 · 1/10
    // = 13/440, P(widgetpane, each other) = 3/440. The best five hold (13 + 4·3) / (13 + 10·3) = 25/43.
    const paths = ['src/widgetpane', ...numbered(10, (i) => `src/widgetpane${i}.ts`)];
    const c = ceilingOf(paths, [
      { q: 'widgetpane', kind: 'exact-basename', source: 'src/widgetpane' },
      ...['widg', 'widge', 'widget'].map((q) => ({ q, kind: 'typing-prefix', source: 'src/widgetpane3.ts' })),
    ]);
    expect(c?.perQuery).toEqual([expect.closeTo(25 / 43, 9), ...[1, 2, 3].map(() => expect.closeTo(5 / 11, 9))]);
  });

  it('counts the ways a path fragment is cut from each folder', () => {
    // `src` is cut from `src` whatever the length (3, 4 or 5), from `srcgen` only at 3: the four files
    // under src/ are three times as likely as the six under srcgen/. The best five: (4·3 + 1) / (4·3 + 6) = 13/18.
    const paths = [...numbered(4, (i) => `src/a/widget${i}.ts`), ...numbered(6, (i) => `srcgen/a/widget${i}.ts`)];
    const c = ceilingOf(paths, [{ q: 'src/wid', kind: 'path-fragment', source: 'src/a/widget0.ts' }]);
    expect(c?.perQuery[0]).toBeCloseTo(13 / 18, 9);
  });

  it('takes a query the recipe cannot make as a hit, and says so', () => {
    const c = ceilingOf(['src/a/widget.ts'], [{ q: 'zzz/qqq', kind: 'path-fragment', source: 'src/a/widget.ts' }]);
    expect(c).toMatchObject({ perQuery: [1], unexplained: 1 });
  });

  it('gives no ceiling for a set with a kind the recipe does not make, and counts only queries with a source', () => {
    expect(ceilingOf(['src/widget.ts'], [{ q: 'widgte', kind: 'typo', source: 'src/widget.ts' }])).toBeUndefined();
    expect(ceilingOf(['src/widget.ts'], [{ q: 'readme', kind: 'common-name' }, { q: 'widget.ts', kind: 'exact-basename', source: 'src/widget.ts' }])?.queries).toBe(1);
  });
});
