import { describe, expect, it } from 'vitest';
import { boundaryCount, guessFacts, maskTail, NameBound, nameTail, readName, termBits, type NameFacts } from '../../server/search/facts';
import { CancelledError } from '../../server/core/cancel';
import { lift, YieldClock } from '../../server/search/lift';
import type { PathTable } from '../../server/search/pathTable';
import { makeTerm, parseQuery, type QueryTerm } from '../../server/search/query';
import { ColumnState, kindPoints, Scorer, TermRows } from '../../server/search/score';
import { seedThreshold } from '../../server/search/seed';
import { currentFolderTree } from '../../server/search/tree';
import { generateCorpus } from '../bench/searchData';
import { tableOf } from './helpers';

/*
 * Two things the strict scan trusts without checking: the starting bar of `seedThreshold`
 * (at least `limit` files must score at least it) and the folder table of
 * `NameBound.byTail` (never below what a file of the folder scores). A bar too high or a
 * bound too low would silently drop a file from the top, so both are compared here with
 * every file scored in full, on a generated repository and on random paths built from
 * few letters (many near misses, repeats, capitals).
 */

const NOW = Date.UTC(2026, 0, 15);

function randomPaths(count: number, seed: number): string[] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const letters = 'abcdeSITEsite._-/';
  const out = new Set<string>();
  while (out.size < count) {
    let p = '';
    const length = 3 + Math.floor(next() * 30);
    for (let i = 0; i < length; i++) p += letters[Math.floor(next() * letters.length)];
    p = p.replace(/\/+/g, '/').replace(/^\/|\/$/g, '');
    if (p !== '') out.add(p);
  }
  return [...out];
}

function withLifts(paths: readonly string[]): PathTable {
  const mtimes: Record<string, number> = {};
  paths.forEach((p, i) => {
    if (i % 3 !== 0) mtimes[p] = NOW - ((i * 2654435761) % 5_000_000_000);
  });
  const table = tableOf(paths, mtimes);
  for (let id = 0; id < table.slotCount; id += 29) table.boost[id] = (id % 4) * 5;
  return table;
}

/** Every file's full score for a one-term query (-Infinity: no match), by id. */
function fullScores(table: PathTable, term: QueryTerm): Float64Array {
  const scorer = new Scorer();
  const rows = new TermRows(term);
  const facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
  const out = new Float64Array(table.slotCount).fill(-Infinity);
  for (let id = 0; id < table.slotCount; id++) {
    if (!table.isAlive(id)) continue;
    scorer.loadFile(table, id);
    const points = scorer.score(term);
    if (points === -Infinity) continue;
    readName(table, id, rows, facts);
    out[id] = points + facts.acronym + lift(table, id, NOW);
  }
  return out;
}

const TABLES: [string, PathTable][] = [
  ['a generated repository', withLifts(generateCorpus(4000, 11).paths)],
  ['random paths of few letters', withLifts(randomPaths(3000, 5))],
];

const TERMS = ['s', 'S', 'a', 'si', 'site', 'SITE', 'sItE', 'set', 'ed', 'edit', 'abc', 'sss', 'test', 'tes', 'java', 'src', 'act', 'pr', 'ie', '.s', 'e.s', 'a-b', 'handler'];

describe('the starting bar of a strict scan', () => {
  for (const [what, table] of TABLES) {
    it(`is reached by at least limit files, on ${what}`, async () => {
      const tree = currentFolderTree(table);
      let seeded = 0;
      for (const text of TERMS) {
        const term = makeTerm(text, true);
        const scores = fullScores(table, term);
        for (const limit of [1, 5, 20, 50]) {
          const bar = await seedThreshold(table, tree, term, limit, undefined, table.liveCount);
          if (bar === -Infinity) continue;
          seeded++;
          const reaching = scores.filter((s) => s >= bar).length;
          expect({ text, limit, enough: reaching >= limit }).toEqual({ text, limit, enough: true });
        }
      }
      // The bar must be set often enough for the check to mean something.
      expect(seeded).toBeGreaterThan(20);
    });
  }

  it('counts only the files a filter allows', async () => {
    const [, table] = TABLES[0];
    const tree = currentFolderTree(table);
    const allowed = new Uint8Array(table.slotCount);
    for (let id = 0; id < table.slotCount; id++) allowed[id] = id % 4 === 0 ? 1 : 0;
    for (const text of ['s', 'a', 'ed', 'test', 'src']) {
      const term = makeTerm(text, true);
      const scores = fullScores(table, term);
      const bar = await seedThreshold(table, tree, term, 10, allowed, table.liveCount);
      const reaching = [...scores.entries()].filter(([id, s]) => allowed[id] === 1 && s >= bar).length;
      expect({ text, enough: reaching >= 10 }).toEqual({ text, enough: true });
    }
  });

  it('is not set for a term with a slash, or where the first character is rare', async () => {
    const [, table] = TABLES[0];
    const tree = currentFolderTree(table);
    expect(await seedThreshold(table, tree, parseQuery('src/a').terms[0], 5, undefined, table.liveCount)).toBe(-Infinity);
    expect(await seedThreshold(table, tree, makeTerm('qqqq', true), 5, undefined, table.liveCount)).toBe(-Infinity);
    // A narrowed scan of few files does not pay for reading the whole group.
    expect(await seedThreshold(table, tree, makeTerm('s', true), 5, undefined, 10)).toBe(-Infinity);
  });
});

describe('reading a large group for the bar', () => {
  it('stops at a cancel, as the scan does between slices', async () => {
    const table = withLifts(Array.from({ length: 3000 }, (_, i) => `d${i % 40}/s${i}.txt`));
    const tree = currentFolderTree(table);
    const term = makeTerm('s', true);
    expect(await seedThreshold(table, tree, term, 50, undefined, 1e9, new YieldClock({ isCancellationRequested: false }))).toBeGreaterThan(-Infinity);
    await expect(seedThreshold(table, tree, term, 50, undefined, 1e9, new YieldClock({ isCancellationRequested: true }))).rejects.toBeInstanceOf(CancelledError);
  });
});

describe("a folder's bound by tail and boundary characters", () => {
  for (const [what, table] of TABLES) {
    it(`is never below a file's full score, on ${what}`, () => {
      const points = kindPoints();
      let checked = 0;
      for (const text of TERMS) {
        const term = makeTerm(text, true);
        if (term.hasSlash) continue;
        const m = term.length;
        const scores = fullScores(table, term);
        const rows = new TermRows(term);
        const bound = new NameBound(term);
        const bits = termBits(term);
        const cap = Math.min(m, 6);
        const columns = new Float64Array((m + 2) * (cap + 1));
        const facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
        for (let id = 0; id < table.slotCount; id++) {
          if (scores[id] === -Infinity) continue;
          // The folder's state, as the scan computes it: segment by segment down the chain.
          const state = new ColumnState(m);
          for (const d of table.chain(table.fileDir[id])) state.advance(rows, table, table.segStart[d], table.segLen[d], table.dirLen[d] - table.segLen[d], false, points);
          for (let b = 0; b <= cap; b++) bound.byTail(state, m, cap, b, columns);
          const uid = table.nameId[id];
          const first = table.lower[table.nameStart[id]];
          const startsRight = first === term.lower[0];
          const termMask = term.suffixMask[0];
          const boundaryMask = table.uniqueBoundaryMask[uid];
          const initials = startsRight && (termMask & ~boundaryMask) === 0 ? guessedInitials(table, uid, first, term, bits, facts) : 0;
          const lifted = lift(table, id, NOW);
          // The tail the name holds and the one its characters allow: the scan uses either.
          for (const tail of [nameTail(table, id, term), maskTail(term, table.uniqueMask[uid])]) {
            const row = (startsRight || tail < m ? tail : m + 1) * (cap + 1);
            const offered = Math.min(boundaryCount(termMask, bits, boundaryMask), cap);
            const most = columns[row + offered] + initials + lifted;
            expect({ text, path: table.path(id), tail, ok: most >= scores[id] }).toEqual({ text, path: table.path(id), tail, ok: true });
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
    }, 120_000);
  }
});

/** The initials points the scan adds to a name that starts right and offers every term character on a boundary. */
function guessedInitials(table: PathTable, uid: number, first: number, term: QueryTerm, bits: Uint8Array, facts: NameFacts): number {
  guessFacts(table, uid, first, term, bits, -1, facts);
  return facts.acronym;
}
