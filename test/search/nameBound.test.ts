import { describe, expect, it } from 'vitest';
import { NameBound, readName, type NameFacts } from '../../server/search/facts';
import type { PathTable } from '../../server/search/pathTable';
import { makeTerm, type QueryTerm } from '../../server/search/query';
import { ColumnState, kindPoints, POINTS, Scorer, TermRows } from '../../server/search/score';
import { generateCorpus } from '../bench/searchData';
import { tableOf } from './helpers';

/*
 * The bound a strict scan puts on a file once it has read the name (`readName`, then
 * `NameBound.of` from the folder's state): a file whose bound cannot beat the top is never
 * scored. Too low, and a file that belongs in the top is silently dropped; too high, and
 * broad queries score thousands of files in full only to drop them.
 */

/** The alignment score of a term on each file (-Infinity: no match), and its bound from the name's facts. */
function scoreAndBound(table: PathTable, term: QueryTerm, id: number): { score: number; bound: number } {
  const scorer = new Scorer();
  scorer.loadFile(table, id);
  const rows = new TermRows(term);
  const facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
  readName(table, id, rows, facts);
  const score = scorer.score(term);
  // The folder's state, as the scan computes it: segment by segment down the chain.
  const state = new ColumnState(term.length);
  const points = kindPoints();
  for (const d of table.chain(table.fileDir[id])) state.advance(rows, table, table.segStart[d], table.segLen[d], table.dirLen[d] - table.segLen[d], false, points);
  // The acronym points are part of both: `of` adds the facts', the scan adds them to the score.
  return { score: score === -Infinity ? score : score + facts.acronym, bound: new NameBound(term).of(state, term.length, facts) };
}

function idOf(table: PathTable, path: string): number {
  for (let id = 0; id < table.slotCount; id++) if (table.isAlive(id) && table.path(id) === path) return id;
  throw new Error(`no ${path}`);
}

/** What one pair of neighbouring term characters costs when the name holds them only apart: `consecutive` lost, the cheapest gap paid. */
const PAIR_APART = POINTS.consecutive + Math.min(POINTS.gapStart, POINTS.gapToBoundary, POINTS.gapMax);

describe("a name's bound from what reading it tells", () => {
  it('is never below the full score, with the term in the name, across folder and name, and scattered', () => {
    const { paths } = generateCorpus(3000, 3);
    const odd = ['s_i_t_e.txt', 'x/s-i-t-e', 'ESite.txt', 'site/Eite.java', 'si/teEx.txt', 'a/sitesite.txt', 'te/st.java', 'TestEntry.java', 'test/java/X.java', 'e/ss.tte'];
    const table = tableOf([...paths, ...odd]);
    const terms = ['site', 'test.java', 'sitehe', 'ss', 'tt', 'java', 'eite', 'te', 'stst', 'abcabc', 'handler', '.properties', 'SiTe', 'src/org'];
    let checked = 0;
    for (const text of terms) {
      const term = makeTerm(text, true);
      for (let id = 0; id < table.slotCount; id++) {
        if (!table.isAlive(id)) continue;
        const { score, bound } = scoreAndBound(table, term, id);
        if (score === -Infinity) continue;
        expect({ text, path: table.path(id), ok: bound >= score }).toEqual({ text, path: table.path(id), ok: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  }, 120_000);

  it('knows the pairs of the term the name holds only apart', () => {
    const table = tableOf(['s_i_t_e.txt', 'x/s-i-t-e']);
    for (const path of ['s_i_t_e.txt', 'x/s-i-t-e']) {
      const { score, bound } = scoreAndBound(table, makeTerm('site', true), idOf(table, path));
      // Within one pair's cost of the score: the bound pays for the gaps every alignment pays.
      expect({ path, slack: bound - score < PAIR_APART }).toEqual({ path, slack: true });
    }
  });

  it('gives no name-start bonus to a name holding the whole term but not starting with it', () => {
    const table = tableOf(['ESite.txt']);
    const { score, bound } = scoreAndBound(table, makeTerm('site', true), idOf(table, 'ESite.txt'));
    // What is left over: the bonuses of two boundary characters the alignment cannot use (the E, the t of txt).
    expect(bound - score).toBeLessThanOrEqual(2 * POINTS.delimiter);
  });
});
