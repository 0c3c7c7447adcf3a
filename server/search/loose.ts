import type { QueryTerm } from './query';
import { ColumnState, POINTS } from './score';

const SLASH = 47;
const NEG = -1e9;

/**
 * The alignment state a folder path could at best leave behind, known without reading the
 * path: only how far the term's greedy progress got through it (`consumed`). A bound
 * (`NameBound`) reads a state's best score per row; here row i holds the most a folder
 * path can earn for the term's first i + 1 characters, and nothing for the rows the path
 * cannot hold. A folder whose files all lose against the bounds from this state needs no
 * state of its own: on the 92k bench list a query of one to three letters computed the
 * states of 18,000 folders to turn away nearly every file in them.
 *
 * Why these are upper bounds (see `ColumnState.advance`, folder characters: no name bonus):
 * the first character earns `match` and its position bonus `firstMultiplier` times; a later
 * one earns `match` and its bonus on top of an entry that is at most the row before plus
 * `consecutive` (reached back to back, or as a part after a `/`), or plus minus the cheapest
 * gap when reached over one. Back to back and on a segment start together need the
 * character before to be a `/` of the term. `splitPart` only takes away.
 */
export function looseFolderState(term: QueryTerm, consumed: number): ColumnState {
  const m = term.length;
  const state = new ColumnState(m);
  const bestRow = 3 * m;
  const { match, consecutive, segmentStart, delimiter, camel, digit, gapStart, gapMax, gapExtend } = POINTS;
  const anyBonus = Math.max(0, segmentStart, delimiter, camel, digit);
  const offSegment = Math.max(0, delimiter, camel, digit);
  const cheapestGap = Math.min(gapStart, gapMax);
  let best = match + anyBonus * POINTS.firstMultiplier;
  for (let i = 0; i < m; i++) {
    if (i > 0) {
      const backToBack = consecutive + (term.lower[i - 1] === SLASH ? anyBonus : offSegment);
      best += match + Math.max(backToBack, anyBonus - cheapestGap);
    }
    // A gap that grows shorter with its length leaves nothing to rely on: no bound.
    state.s[bestRow + i] = i >= consumed ? NEG : gapExtend >= 0 ? best : Infinity;
  }
  return state;
}
