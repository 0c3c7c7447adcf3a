import { describe, expect, it } from 'vitest';
import { greedy } from '../../server/search/facts';
import { looseFolderState } from '../../server/search/loose';
import { makeTerm } from '../../server/search/query';
import { ColumnState, kindPoints, TermRows } from '../../server/search/score';
import { tableOf } from './helpers';

/*
 * A strict scan turns files away against `looseFolderState` before it reads their folder's
 * path: that is only right if no folder path that takes the term as far leaves a state
 * scoring more on any row.
 */
describe('looseFolderState', () => {
  const segments = ['src/', 'main/', 'java/', 'org/', 'netbeans/', 'Sot/', 's/', 'so/', 'sot/', 'ut/', 'TestOut/', 'a.b-c_d/', 'v8/', 'ot/', 'S-O-T/', 'sOT/'];
  const table = tableOf(segments.map((s) => `${s}f.txt`));
  const segmentOf = (text: string) => {
    const dir = table.fileDir[table.find(`${text}f.txt`)];
    return { start: table.segStart[dir], length: table.segLen[dir] };
  };
  const cases: [string, boolean][] = [
    ['sot', false],
    ['SOt', false],
    ['s/ot', false],
    ['sot/', false],
    ['java/s', false],
    ['so', true],
    ['tout', true],
  ];

  for (const [text, oneOfSeveral] of cases) {
    it(`bounds every row of "${text}"${oneOfSeveral ? ' (one of several words)' : ''} along any folder path`, () => {
      const term = makeTerm(text, true, oneOfSeveral);
      const m = term.length;
      const rows = new TermRows(term);
      const points = kindPoints();
      const loose = Array.from({ length: m + 1 }, (_, k) => looseFolderState(term, k));
      let checked = 0;
      let reached = 0;
      const walk = (state: ColumnState, position: number, consumed: number, depth: number) => {
        if (depth === 3) return;
        for (const segment of segments) {
          const { start, length } = segmentOf(segment);
          const next = new ColumnState(m);
          next.copyFrom(state);
          next.advance(rows, table, start, length, position, false, points);
          const k = greedy(term, table.chars, table.lower, start, length, consumed);
          for (let i = 0; i < m; i++) {
            const real = next.bestOf(i);
            const bound = loose[k].bestOf(i);
            checked++;
            if (real > -1e8) {
              reached++;
              expect(real).toBeLessThanOrEqual(bound);
            } else if (i >= k) expect(bound).toBeLessThan(-1e8);
          }
          walk(next, position + length, k, depth + 1);
        }
      };
      walk(new ColumnState(m), 0, 0, 0);
      expect(checked).toBeGreaterThan(1000);
      // Rows the paths really reach, or the test shows nothing.
      expect(reached).toBeGreaterThan(100);
    });
  }

  it('keeps nothing for the rows a folder path cannot hold', () => {
    const term = makeTerm('sot', true);
    const state = looseFolderState(term, 1);
    expect(state.bestOf(0)).toBeGreaterThan(0);
    expect(state.bestOf(1)).toBeLessThan(-1e8);
    expect(state.bestOf(2)).toBeLessThan(-1e8);
  });
});
