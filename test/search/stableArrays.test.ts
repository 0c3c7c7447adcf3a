import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { bestFacts, NameBound, offStartFacts, termBits } from '../../server/search/facts';
import { YieldClock } from '../../server/search/lift';
import { LooseBounds } from '../../server/search/loose';
import { makeTerm, parseQuery, withoutCase, type ParsedQuery } from '../../server/search/query';
import { StrictScan } from '../../server/search/strict';
import { tableOf } from './helpers';

/*
 * The scan's hot functions were thrown out of optimised code ("wrong map") several times a
 * round of bench queries: arrays they read came with one V8 map from interpreted code and
 * another once the code building them was optimised (`Array.prototype.map` inlined by
 * TurboFan gives a holey array, the builtin a packed one), or filled in another order. Here
 * V8 is asked directly (its natives syntax, switched on for the functions made below)
 * whether the arrays built before and after optimising their builder share one map.
 */
setFlagsFromString('--allow-natives-syntax');
const prepare = new Function('f', '%PrepareFunctionForOptimization(f)') as (f: unknown) => void;
const optimizeNext = new Function('f', '%OptimizeFunctionOnNextCall(f)') as (f: unknown) => void;
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;

/** What `build` returns while its `builders` are interpreted, and once they are optimised (run twice first, for type feedback). */
async function beforeAndAfterOptimising<T>(builders: unknown[], build: () => T | Promise<T>): Promise<[T, T]> {
  for (const f of builders) prepare(f);
  const before = await build();
  await build();
  for (const f of builders) optimizeNext(f);
  return [before, await build()];
}

/** Names of the arrays (and arrays of arrays) among an object's own fields whose maps differ between `a` and `b`. */
function arraysWithAnotherMap(a: object, b: object): string[] {
  const differ: string[] = [];
  const fieldsA = a as Record<string, unknown>;
  const fieldsB = b as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    const x = fieldsA[key];
    const y = fieldsB[key];
    if (!Array.isArray(x) || !Array.isArray(y)) continue;
    if (!sameMap(x, y)) differ.push(key);
    if (Array.isArray(x[0]) && Array.isArray(y[0]) && !sameMap(x[0], y[0])) differ.push(`${key}[0]`);
  }
  return differ;
}

describe('arrays a scan reads keep one map', () => {
  it('a parsed query’s terms, with and without case', async () => {
    const [before, after] = await beforeAndAfterOptimising([parseQuery], () => parseQuery('Ab cd'));
    expect(sameMap(before.terms, after.terms)).toBe(true);
    const query: ParsedQuery = parseQuery('Ab cd');
    const [caseless, caselessOptimised] = await beforeAndAfterOptimising([withoutCase], () => withoutCase(query));
    expect(sameMap(caseless.terms, caselessOptimised.terms)).toBe(true);
  });

  it('every array a strict scan holds, its levels’ and its loose bounds’, once the code building them is optimised', async () => {
    const table = tableOf(['src/main/Alpha.ts', 'src/test/AlphaTest.ts', 'lib/beta/Gamma.js', 'docs/readme.md']);
    const query = parseQuery('alp ts');
    const made: StrictScan[] = [];
    // Walked, so each builds its levels and asks its loose bounds (in the same order).
    const walked = async () => {
      const scan = new StrictScan(table, query, { limit: 5, cancel: NEVER_CANCELLED, now: 0 }, new YieldClock(NEVER_CANCELLED), false);
      made.push(scan);
      await scan.walk();
      return scan;
    };
    const addLevels = (StrictScan.prototype as unknown as Record<string, unknown>).addLevels;
    const [before, after] = await beforeAndAfterOptimising([StrictScan, addLevels], walked);
    for (const scan of made) scan.release();
    expect(arraysWithAnotherMap(before, after)).toEqual([]);
    const fields = (scan: StrictScan) => scan as unknown as Record<string, object>;
    expect(arraysWithAnotherMap(fields(before).loose, fields(after).loose)).toEqual([]);
    const levels = (scan: StrictScan) => fields(scan).levels as object[];
    expect(arraysWithAnotherMap(levels(before)[0], levels(after)[0])).toEqual([]);
  });

  it('loose bounds’ tables, whichever progress through a folder path is asked for first', () => {
    const term = makeTerm('alpha', true);
    const bounds = () => new LooseBounds([term], [new NameBound(term)], [offStartFacts(term)], [bestFacts(term)], 5, termBits(term));
    const inOrder = bounds();
    const outOfOrder = bounds();
    for (const k of [0, 1, 2]) inOrder.tail(k);
    for (const k of [2, 0, 1]) outOfOrder.tail(k);
    expect(arraysWithAnotherMap(inOrder, outOfOrder)).toEqual([]);
  });
});
