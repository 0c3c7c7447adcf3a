import { describe, expect, it } from 'vitest';
import { maskBit } from '../../server/search/chars';
import { makeTerm } from '../../server/search/query';
import { ColumnState, kindPoints, TermRows } from '../../server/search/score';
import { tableOf } from './helpers';

/*
 * The strict scan shares a folder's alignment state with its parent, instead of copying
 * and advancing it, when the folder's segment holds none of the state's `movers`: that is
 * only right if such text really leaves the state as it is.
 */
describe('ColumnState.movers', () => {
  const segments = ['src/', 'main/', 'java/', 'org/', 'netbeans/', 'modules/', 'tests/', 'Sot/', 'x/', 'ut/', 'TestOut/', 'a.b-c_d/', 'v8/', 'ot/'];
  const table = tableOf(segments.map((s) => `${s}f.txt`));
  /** Where a segment's characters sit in the pool: each path is one folder segment, then the name. */
  const segmentOf = (text: string) => {
    const dir = table.fileDir[table.find(`${text}f.txt`)];
    return { start: table.segStart[dir], length: table.segLen[dir] };
  };

  for (const text of ['sot', 'java', 'tOut', 'out', 'stu']) {
    it(`holds every character that can change the state of "${text}", along any path`, () => {
      const term = makeTerm(text, true);
      const rows = new TermRows(term);
      const bits = Int32Array.from(term.lower, maskBit);
      const points = kindPoints();
      let checked = 0;
      let unchanged = 0;
      // Every chain of up to three segments, each advanced in turn from the state before it.
      const walk = (state: ColumnState, position: number, depth: number) => {
        if (depth === 3) return;
        for (const segment of segments) {
          const { start, length } = segmentOf(segment);
          let mask = 0;
          for (let x = start; x < start + length; x++) mask |= maskBit(table.lower[x]);
          const next = new ColumnState(term.length);
          next.copyFrom(state);
          next.advance(rows, table, start, length, position, false, points);
          checked++;
          if ((mask & state.movers(bits)) === 0) {
            unchanged++;
            expect([...next.s]).toEqual([...state.s]);
          }
          walk(next, position + length, depth + 1);
        }
      };
      walk(new ColumnState(term.length), 0, 0);
      expect(checked).toBeGreaterThan(1000);
      // Some segments must be skippable, or the test shows nothing.
      expect(unchanged).toBeGreaterThan(0);
    });
  }

  it('includes a character once its predecessor has matched, and not before', () => {
    const term = makeTerm('sot', true);
    const bits = Int32Array.from(term.lower, maskBit);
    const state = new ColumnState(term.length);
    expect(state.movers(bits)).toBe(maskBit(115));
    const { start, length } = segmentOf('src/');
    state.advance(new TermRows(term), table, start, length, 0, false, kindPoints());
    expect(state.movers(bits)).toBe(maskBit(115) | maskBit(111));
  });
});
