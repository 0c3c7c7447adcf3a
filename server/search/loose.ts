import { boundaryCount, type NameBound, type NameFacts } from './facts';
import type { QueryTerm } from './query';
import { ColumnState, POINTS } from './score';
import { emptySlots, mapPacked } from './stableArrays';

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

/**
 * Who judges an alignment bound for `LooseBounds.tailVerdict`: the scan, one method of one
 * class (a closure made per scan was a new call target at the same call site each query).
 */
export interface GainJudge {
  /** Whether an alignment bound of the file, with what it gains beside its alignment, loses. */
  losesWithGain(alignment: number, id: number): boolean;
}

/** What a bound without the folder's state says of a file (`LooseBounds.tailVerdict`). */
export const VERDICT = { loses: 0, passes: 1, unsure: 2 } as const;

/** Bounds without a folder state tried in a scan before `Trial.unsure` may give them up. */
const TRIAL = 256;

/**
 * How one kind of bound without a folder state fares in a scan: when it mostly cannot
 * decide (a query whose terms most folder paths hold well), the scan stops asking it.
 */
export class Trial {
  inUse = true;
  private tries = 0;
  private undecided = 0;

  /** The scan asks the bound about a file. */
  tried(): void {
    this.tries++;
  }

  /** It could not decide: the folder's own state is needed. */
  unsure(): void {
    this.undecided++;
    if (this.tries >= TRIAL && this.undecided * 2 > this.tries) this.inUse = false;
  }
}

/**
 * A strict scan's bounds from `looseFolderState` (at least what a folder's own state
 * allows: a file losing against them loses) and from no folder state at all, the name alone
 * (at most what the folder's own state allows: a file passing them passes). A folder's
 * state is computed only when the two disagree on a file (`Trial`).
 */
export class LooseBounds {
  /** Per term, per greedy progress k through a folder path: `looseFolderState` (built when first asked for). */
  private readonly states: (ColumnState | undefined)[][];
  /** One-term scans, per greedy progress k: `NameBound.byTail` of `state(0, k)`, every column filled. */
  private readonly tails: (Float64Array | undefined)[];
  /**
   * What a file not starting with a term's first character can score (before lifts) in a
   * folder holding every term: from the loose states, and from none.
   */
  readonly offStart: number;
  readonly offStartStateless: number;
  /** What an ideal name alone scores for every term: at most any folder's ceiling. */
  readonly bestStateless: number;
  /** The ceilings of files not starting with a term's first character (`offStart`), and the bounds of the others. */
  readonly offStartTrial = new Trial();
  readonly nameTrial = new Trial();

  constructor(
    private readonly terms: readonly QueryTerm[],
    private readonly bounds: readonly NameBound[],
    offStart: readonly NameFacts[],
    best: readonly NameFacts[],
    /** Columns of the one-term `byTail` tables (`BOUNDARY_COLUMNS` capped at the term's length). */
    private readonly cap: number,
    /** Per term character of the first term, counted on its mask bit (`termBits`). */
    private readonly bits: Uint8Array,
  ) {
    // Slots for every k (0 to the term's length), filled as asked: one map whichever k comes first.
    this.states = mapPacked(terms, (t) => emptySlots<ColumnState>(t.length + 1));
    this.tails = emptySlots<Float64Array>(terms[0].length + 1);
    const sum = (value: (t: number) => number) => terms.reduce((total, _, t) => total + value(t), 0);
    this.offStart = sum((t) => bounds[t].of(this.state(t, terms[t].length), terms[t].length, offStart[t]));
    this.offStartStateless = sum((t) => bounds[t].of(this.state(t, 0), terms[t].length, offStart[t]));
    this.bestStateless = sum((t) => bounds[t].of(this.state(t, 0), terms[t].length, best[t]));
  }

  /** `looseFolderState` of term `t` after a folder path that took it `k` characters on (k = 0: no state at all). */
  state(t: number, k: number): ColumnState {
    const states = this.states[t];
    return (states[k] ??= looseFolderState(this.terms[t], k));
  }

  /** The `NameBound.byTail` table (every column) of a one-term scan's `state(0, k)`. */
  tail(k: number): Float64Array {
    let table = this.tails[k];
    if (table !== undefined) return table;
    const m = this.terms[0].length;
    table = new Float64Array((m + 2) * (this.cap + 1));
    for (let b = 0; b <= this.cap; b++) this.bounds[0].byTail(this.state(0, k), m, this.cap, b, table);
    this.tails[k] = table;
    return table;
  }

  /**
   * A one-term scan's test of a file against its folder's `byTail` table (row `row`;
   * `consumed` term characters the folder path took) before the folder has a state: `judge`
   * adds what the file gains beside its alignment (initials and lift), which is not passed
   * here, a number V8 would box on the heap for every file when it does not inline this call.
   * The stateless table holds only names with the whole term. A column loses only after
   * row 0 (the folder alone, the same in every column) does.
   */
  tailVerdict(id: number, consumed: number, row: number, boundaryMask: number, judge: GainJudge): number {
    this.nameTrial.tried();
    const cap = this.cap;
    const term = this.terms[0];
    const loose = this.tail(consumed);
    if (judge.losesWithGain(loose[row + cap], id)) return VERDICT.loses;
    const boundaries = term.hasSlash ? cap : boundaryCount(term.suffixMask[0], this.bits, boundaryMask);
    if (boundaries < cap && judge.losesWithGain(loose[row + boundaries], id)) return VERDICT.loses;
    const stateless = this.tail(0);
    if (judge.losesWithGain(stateless[row + cap], id) || (boundaries < cap && judge.losesWithGain(stateless[row + boundaries], id))) {
      this.nameTrial.unsure();
      return VERDICT.unsure;
    }
    return VERDICT.passes;
  }
}
