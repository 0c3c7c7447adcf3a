import { maskBit } from './chars';
import type { PathTable } from './pathTable';
import type { QueryTerm } from './query';
import { POINTS, type ColumnState, type TermRows } from './score';

const SLASH = 47;

/** What one read of a file name tells about a term (for the score bound). */
export interface NameFacts {
  /** Length of the longest tail of the term that is a subsequence of the name. */
  tail: number;
  /** Characters of the name on a word boundary that occur in the term. */
  boundaries: number;
  /** The name's first character occurs in the term / is the term's first character. */
  firstInTerm: boolean;
  firstIsStart: boolean;
  /** Points for a term that spells word starts of the name (see `POINTS.acronym`), else 0. */
  acronym: number;
  /** The acronym spells every word start of the stem (set where `acronym` is read from the name). */
  wholeAcronym?: boolean;
}

/**
 * The acronym points a term would earn (lower-case terms of two or more characters);
 * `whole` when it spells every word start of the stem, not just the first ones.
 */
export function acronymPoints(term: QueryTerm, whole: boolean): number {
  return term.hasUpper || term.length < 2 ? 0 : POINTS.acronym * term.length + (whole ? POINTS.acronymWhole : 0);
}

/** Facts of a name that does not start with the term's first character but is otherwise ideal. */
export function offStartFacts(term: QueryTerm): NameFacts {
  return { tail: term.length, boundaries: term.length, firstInTerm: true, firstIsStart: false, acronym: acronymPoints(term, true) };
}

/** Facts of an ideal name for the term. */
export function bestFacts(term: QueryTerm): NameFacts {
  return { tail: term.length, boundaries: term.length, firstInTerm: true, firstIsStart: true, acronym: acronymPoints(term, true) };
}

/** Greedy subsequence progress of `term` from `k` over `length` pool characters. */
export function greedy(term: QueryTerm, chars: Uint16Array, lower: Uint16Array, start: number, length: number, k: number): number {
  const tl = term.lower;
  const tu = term.upper;
  const m = term.length;
  for (let x = start, end = start + length; x < end && k < m; x++) {
    if (lower[x] === tl[k] && (tu[k] === 0 || chars[x] !== lower[x])) k++;
  }
  return k;
}

/** The whole term is a subsequence of the file's name. */
export function nameHoldsTerm(table: PathTable, id: number, term: QueryTerm): boolean {
  return greedy(term, table.chars, table.lower, table.nameStart[id], table.nameLen[id], 0) === term.length;
}

/** The term is a subsequence of the file's whole path. */
export function pathHoldsTerm(table: PathTable, id: number, term: QueryTerm): boolean {
  let k = 0;
  for (const d of table.chain(table.fileDir[id])) k = greedy(term, table.chars, table.lower, table.segStart[d], table.segLen[d], k);
  return greedy(term, table.chars, table.lower, table.nameStart[id], table.nameLen[id], k) === term.length;
}

/**
 * `pathHoldsTerm` for many files of one table: each folder path is read once (its
 * progress continues its parent's) and each distinct name once (the term's tail it holds).
 */
export class PathHolds {
  /** Per folder: 1 + the term's greedy progress after the folder path (0: not read yet). */
  private readonly progress: Uint8Array;
  /** Per distinct name: 1 + the length of the term's tail it holds (0: not read yet). */
  private readonly tails: Uint8Array;
  private readonly pending: number[] = [];

  constructor(
    private readonly table: PathTable,
    private readonly term: QueryTerm,
  ) {
    this.progress = new Uint8Array(table.dirCount);
    this.tails = new Uint8Array(table.uniqueCount);
  }

  holds(id: number): boolean {
    const table = this.table;
    const m = this.term.length;
    const k = this.folderProgress(table.fileDir[id]);
    if (k === m) return true;
    const uid = table.nameId[id];
    let tail = this.tails[uid] - 1;
    if (tail < 0) {
      tail = nameTail(table, id, this.term);
      this.tails[uid] = tail + 1;
    }
    return tail >= m - k;
  }

  private folderProgress(dir: number): number {
    const { table, progress, pending } = this;
    let d = dir;
    while (d > 0 && progress[d] === 0) {
      pending.push(d);
      d = table.dirParent[d];
    }
    // The root folder's path is empty: nothing consumed.
    let k = d > 0 ? progress[d] - 1 : 0;
    while (pending.length > 0) {
      const x = pending.pop()!;
      k = greedy(this.term, table.chars, table.lower, table.segStart[x], table.segLen[x], k);
      progress[x] = k + 1;
    }
    return k;
  }
}

/** Length of the longest tail of the term that is a subsequence of the file's name. */
export function nameTail(table: PathTable, id: number, term: QueryTerm): number {
  const { chars, lower } = table;
  const tl = term.lower;
  const tu = term.upper;
  let k = term.length - 1;
  const start = table.nameStart[id];
  for (let x = start + table.nameLen[id] - 1; x >= start && k >= 0; x--) {
    if (lower[x] === tl[k] && (tu[k] === 0 || chars[x] !== lower[x])) k--;
  }
  return term.length - 1 - k;
}

/** How a term spells the word starts of a name's stem: not at all, the first of them, or all. */
export const INITIALS = { none: 0, first: 1, all: 2 } as const;

/**
 * Whether the term spells the first word starts of the name's stem, in order and none
 * skipped (`hi` → HudsonInstanceProperties), or all of them (`hip`); not `hp`: someone
 * typing initials types them from the start, while a term that skips word starts is as
 * likely a prefix of another name (`wri` → WriterPrintStream, not WebAppRefIcon16).
 * Only lower-case terms of two or more characters read as initials.
 */
export function spellsInitials(table: PathTable, id: number, term: QueryTerm): number {
  const { lower, kind } = table;
  const tl = term.lower;
  const m = term.length;
  if (term.hasUpper || m < 2) return INITIALS.none;
  const start = table.nameStart[id];
  let end = start + table.nameLen[id];
  // Initials count only before the extension (`hip` is not history_item.png).
  if (table.extId[id] !== 0) {
    end--;
    while (end > start && lower[end] !== 46) end--;
  }
  let i = 0;
  for (let x = start; x < end; x++) {
    if (kind[x] === 0) continue;
    if (i === m) return INITIALS.first;
    if (lower[x] !== tl[i]) return INITIALS.none;
    i++;
  }
  return i === m ? INITIALS.all : INITIALS.none;
}

/** Reads a name backwards once: the term's tail it holds, its boundary characters, initials. */
export function readName(table: PathTable, id: number, rows: TermRows, out: NameFacts): void {
  const { chars, lower, kind } = table;
  const term = rows.term;
  const tl = term.lower;
  const tu = term.upper;
  const head = rows.head;
  let k = term.length - 1;
  let boundaries = 0;
  const start = table.nameStart[id];
  for (let x = start + table.nameLen[id] - 1; x >= start; x--) {
    const c = lower[x];
    if (head[c] < 0) continue;
    if (kind[x] !== 0) boundaries++;
    if (k >= 0 && c === tl[k] && (tu[k] === 0 || chars[x] !== c)) k--;
  }
  out.tail = term.length - 1 - k;
  const initials = spellsInitials(table, id, term);
  out.wholeAcronym = initials === INITIALS.all;
  out.acronym = initials === INITIALS.none ? 0 : acronymPoints(term, out.wholeAcronym);
  out.boundaries = boundaries;
  out.firstInTerm = head[lower[start]] >= 0;
  out.firstIsStart = lower[start] === tl[0];
}

/**
 * Facts of a name bounded from above without reading it: the boundary characters it
 * could offer the term (from the name's boundary-character mask), whether its first
 * character is in the term, the tail when known (else the whole term).
 */
export function guessFacts(table: PathTable, uid: number, term: QueryTerm, bits: Uint8Array, tail: number, out: NameFacts): void {
  const first = table.lower[table.uniqueStart[uid]];
  const termMask = term.suffixMask[0];
  const boundaryMask = table.uniqueBoundaryMask[uid];
  let shared = termMask & boundaryMask;
  let boundaries = 0;
  while (shared !== 0) {
    boundaries += bits[31 - Math.clz32(shared & -shared)];
    shared &= shared - 1;
  }
  out.tail = tail < 0 ? term.length : tail;
  out.boundaries = boundaries;
  out.firstInTerm = (termMask & maskBit(first)) !== 0;
  out.firstIsStart = first === term.lower[0];
  out.acronym = (termMask & ~boundaryMask) === 0 ? acronymPoints(term, true) : 0;
}

/** How many of a term's characters fall on each bit of a presence mask (for `guessFacts`). */
export function termBits(term: QueryTerm): Uint8Array {
  const counts = new Uint8Array(32);
  for (let i = 0; i < term.length; i++) counts[31 - Math.clz32(maskBit(term.lower[i]))]++;
  return counts;
}

/** Name facts in one non-zero integer (tail ≤ 64, boundaries capped at 127). */
export function encodeFacts(f: NameFacts): number {
  return 1 | (f.tail << 1) | (Math.min(f.boundaries, 127) << 8) | (f.firstInTerm ? 1 << 15 : 0) | (f.firstIsStart ? 1 << 16 : 0) | (f.acronym > 0 ? 1 << 17 : 0) | (f.wholeAcronym === true ? 1 << 18 : 0);
}

export function decodeFacts(code: number, term: QueryTerm, out: NameFacts): void {
  out.tail = (code >>> 1) & 127;
  out.boundaries = (code >>> 8) & 127;
  out.firstInTerm = (code & (1 << 15)) !== 0;
  out.firstIsStart = (code & (1 << 16)) !== 0;
  out.acronym = code & (1 << 17) ? acronymPoints(term, (code & (1 << 18)) !== 0) : 0;
}

/**
 * An upper bound on a term's score in one file, from the folder's alignment state and
 * facts about the name: every name character earns at most `match` + the name bonus +
 * `consecutive`, only boundary characters that occur in the term earn a boundary bonus,
 * and only the name's first character the name-start bonus. Files whose bound cannot
 * beat the current top results are never scored.
 */
export class NameBound {
  private readonly perChar = POINTS.match + POINTS.inName + POINTS.consecutive;
  /** Largest bonus off the name's first character. */
  private readonly boundary = Math.max(POINTS.delimiter, POINTS.camel, POINTS.digit);
  /** What the name's first character can earn beyond `boundary`. */
  private readonly start = POINTS.nameStart + POINTS.segmentStart - this.boundary;
  /**
   * Per folder row i: what `perChar` overstates for the first name character after it.
   * That character follows term[i] back to back only when term[i] is the `/` that ends
   * the folder path; otherwise it is reached over a gap, which costs at least the
   * cheapest gap (see `ColumnState.advance`: every way across a gap pays `gapStart`, a
   * jump, or more). Zero for every row without a term (the looser bound).
   */
  private readonly entryLoss: Float64Array;

  constructor(term?: QueryTerm) {
    const m = term?.length ?? 0;
    this.entryLoss = new Float64Array(m);
    // Gaps grow with their length only when `gapExtend` is not negative; otherwise keep the loose bound.
    if (!term || POINTS.gapExtend < 0) return;
    const cheapestGap = Math.min(POINTS.gapStart, POINTS.gapToBoundary, POINTS.gapMax);
    for (let i = 0; i < m; i++) {
      const entry = term.lower[i] === SLASH ? Math.max(POINTS.consecutive, -cheapestGap) : -cheapestGap;
      this.entryLoss[i] = Math.max(0, POINTS.consecutive - entry);
    }
  }

  of(state: ColumnState, m: number, facts: NameFacts): number {
    let best = -Infinity;
    const loss = this.entryLoss;
    const withLoss = loss.length === m;
    const { perChar, boundary } = this;
    const boundaries = facts.boundaries;
    const start = facts.firstInTerm ? this.start : 0;
    const s = state.s;
    const bestRow = 3 * m;
    // Row i matched in the folder, the rest (m - 1 - i characters) in the name (`rest`, inlined: this runs per file).
    for (let i = Math.max(0, m - 1 - facts.tail); i < m; i++) {
      const folder = s[bestRow + i];
      if (folder < -1e8) continue;
      const count = m - 1 - i;
      const v = count === 0 ? folder : folder + count * perChar + (count < boundaries ? count : boundaries) * boundary + start - (withLoss ? loss[i] : 0);
      if (v > best) best = v;
    }
    if (facts.tail === m) {
      // The whole term in the name: its first character's bonus counts again, and it has no predecessor.
      const firstBonus = POINTS.inName + (facts.firstIsStart ? POINTS.segmentStart + POINTS.nameStart : this.boundary);
      const v = this.rest(m, facts) - POINTS.consecutive + firstBonus * (POINTS.firstMultiplier - 1);
      if (v > best) best = v;
    }
    return best + facts.acronym;
  }

  private rest(count: number, facts: NameFacts): number {
    if (count === 0) return 0;
    return count * this.perChar + Math.min(count, facts.boundaries) * this.boundary + (facts.firstInTerm ? this.start : 0);
  }
}
