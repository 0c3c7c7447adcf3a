import { maskBit, popcount } from './chars';
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
  /**
   * Presence mask of the name's boundary characters, and the mask bit of its first
   * character (-1 when unknown): only the term characters a row leaves to the name can
   * earn a boundary or the name-start bonus there.
   */
  boundaryMask: number;
  firstBit: number;
  /**
   * Pairs of neighbouring term characters the name never holds back to back (`readName`),
   * counted from the term's end: bit e for term[m - 2 - e] followed by term[m - 1 - e],
   * the last `PAIR_BITS` pairs only (0: none known apart).
   */
  apart: number;
}

/** Pairs of neighbouring term characters `NameFacts.apart` tells of: what `encodeFacts` has room for. */
export const PAIR_BITS = 12;

/**
 * The acronym points a term would earn (lower-case terms of two or more characters);
 * `whole` when it spells every word start of the stem, not just the first ones.
 */
export function acronymPoints(term: QueryTerm, whole: boolean): number {
  return term.hasUpper || term.length < 2 ? 0 : POINTS.acronym * term.length + (whole ? POINTS.acronymWhole : 0);
}

/**
 * Facts of a name that does not start with the term's first character but is otherwise
 * ideal. It earns no initials: they start at the name's first character (`spellsInitials`).
 */
export function offStartFacts(term: QueryTerm): NameFacts {
  return { tail: term.length, boundaries: term.length, firstInTerm: true, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
}

/** Facts of an ideal name for the term. */
export function bestFacts(term: QueryTerm): NameFacts {
  return { tail: term.length, boundaries: term.length, firstInTerm: true, firstIsStart: true, acronym: acronymPoints(term, true), boundaryMask: -1, firstBit: -1, apart: 0 };
}

/** Greedy subsequence progress of `term` from `k` over `length` pool characters. */
export function greedy(term: QueryTerm, chars: Uint16Array, lower: Uint16Array, start: number, length: number, k: number): number {
  const tl = term.lower;
  const tu = term.upper;
  const m = term.length;
  if (k >= m) return k;
  // The character looked for is kept until found: one comparison for most characters.
  let want = tl[k];
  for (let x = start, end = start + length; x < end; x++) {
    if (lower[x] !== want || (tu[k] !== 0 && chars[x] === lower[x])) continue;
    if (++k === m) break;
    want = tl[k];
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

/** Length of the longest tail of the term that is a subsequence of the file's name. */
export function nameTail(table: PathTable, id: number, term: QueryTerm): number {
  const { chars, lower } = table;
  const tl = term.lower;
  const tu = term.upper;
  let k = term.length - 1;
  const start = table.nameStart[id];
  if (!term.hasUpper) {
    // No capital to check (nearly every term): one comparison per character. A character
    // the name lacks (its mask) ends the tail: the rest of the name is not read for it.
    const mask = table.nameMask[id];
    let want = tl[k];
    if ((mask & maskBit(want)) !== 0) {
      for (let x = start + table.nameLen[id] - 1; x >= start; x--) {
        if (lower[x] !== want) continue;
        if (--k < 0) break;
        want = tl[k];
        if ((mask & maskBit(want)) === 0) break;
      }
    }
    return term.length - 1 - k;
  }
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
  const m = term.length;
  const asciiEnds = rows.asciiEnds;
  let k = m - 1;
  let boundaries = 0;
  // Pairs found back to back (case not checked: a pair found is only a looser bound): the
  // term positions from the end (`TermRows.ends`) of the character after x, shifted onto
  // those of x, meet where term[i] is at x and term[i + 1] after it.
  let together = 0;
  let after = 0;
  const start = table.nameStart[id];
  for (let x = start + table.nameLen[id] - 1; x >= start; x--) {
    const c = lower[x];
    if (head[c] < 0) {
      after = 0;
      continue;
    }
    if (kind[x] !== 0) boundaries++;
    if (k >= 0 && c === tl[k] && (tu[k] === 0 || chars[x] !== c)) k--;
    const ends = c < 128 ? asciiEnds[c] : rows.ends(c);
    together |= ends & (after << 1);
    after = ends;
  }
  out.tail = m - 1 - k;
  // Bit e + 1 of `together` stands for the pair ending e characters before the term's end.
  out.apart = ~(together >>> 1) & pairMask(m);
  const initials = spellsInitials(table, id, term);
  out.wholeAcronym = initials === INITIALS.all;
  out.acronym = initials === INITIALS.none ? 0 : acronymPoints(term, out.wholeAcronym);
  out.boundaries = boundaries;
  out.firstInTerm = head[lower[start]] >= 0;
  out.firstIsStart = lower[start] === tl[0];
  out.boundaryMask = table.uniqueBoundaryMask[table.nameId[id]];
  out.firstBit = maskBit(lower[start]);
}

/**
 * The longest tail of the term whose characters all occur in a name with this presence
 * mask: never shorter than the tail the name really holds, and found without reading it.
 */
export function maskTail(term: QueryTerm, nameMask: number): number {
  const suffix = term.suffixMask;
  const m = term.length;
  let tail = 0;
  while (tail < m && (suffix[m - 1 - tail] & ~nameMask) === 0) tail++;
  return tail;
}

/**
 * Facts of a name bounded from above without reading it: the boundary characters it
 * could offer the term (from the name's boundary-character mask), whether its first
 * character (`first`, folded) is in the term, the tail when known (else the longest tail its characters allow).
 */
export function guessFacts(table: PathTable, uid: number, first: number, term: QueryTerm, bits: Uint8Array, tail: number, out: NameFacts): void {
  const termMask = term.suffixMask[0];
  const boundaryMask = table.uniqueBoundaryMask[uid];
  const boundaries = boundaryCount(termMask, bits, boundaryMask);
  out.tail = tail < 0 ? maskTail(term, table.uniqueMask[uid]) : tail;
  out.boundaries = boundaries;
  out.firstInTerm = (termMask & maskBit(first)) !== 0;
  out.firstIsStart = first === term.lower[0];
  // Initials start at the name's first character (`spellsInitials`).
  out.acronym = out.firstIsStart && (termMask & ~boundaryMask) === 0 ? acronymPoints(term, true) : 0;
  out.boundaryMask = boundaryMask;
  out.firstBit = maskBit(first);
  out.apart = 0;
}

/**
 * How many of the term's characters (counted with repeats: `termBits`) occur among a
 * name's boundary characters (`boundaryMask`): the `boundaries` of `guessFacts`.
 */
export function boundaryCount(termMask: number, bits: Uint8Array, boundaryMask: number): number {
  let shared = termMask & boundaryMask;
  let boundaries = 0;
  while (shared !== 0) {
    boundaries += bits[31 - Math.clz32(shared & -shared)];
    shared &= shared - 1;
  }
  return boundaries;
}

/** How many of a term's characters fall on each bit of a presence mask (for `guessFacts`). */
export function termBits(term: QueryTerm): Uint8Array {
  const counts = new Uint8Array(32);
  for (let i = 0; i < term.length; i++) counts[31 - Math.clz32(maskBit(term.lower[i]))]++;
  return counts;
}

/** Bits of `NameFacts.apart` a term of `m` characters has: one per pair, at most `PAIR_BITS`. */
function pairMask(m: number): number {
  return m < 2 ? 0 : (1 << Math.min(m - 1, PAIR_BITS)) - 1;
}

/** Name facts in one non-zero integer (tail ≤ 64, boundaries capped at 127, `apart` in the 12 bits from 19). */
export function encodeFacts(f: NameFacts): number {
  return 1 | (f.tail << 1) | (Math.min(f.boundaries, 127) << 8) | (f.firstInTerm ? 1 << 15 : 0) | (f.firstIsStart ? 1 << 16 : 0) | (f.acronym > 0 ? 1 << 17 : 0) | (f.wholeAcronym === true ? 1 << 18 : 0) | (f.apart << 19);
}

/** Facts of the distinct name `uid` (first character `first`, folded) from `encodeFacts`. */
export function decodeFacts(code: number, term: QueryTerm, table: PathTable, uid: number, first: number, out: NameFacts): void {
  out.tail = (code >>> 1) & 127;
  out.boundaries = (code >>> 8) & 127;
  out.firstInTerm = (code & (1 << 15)) !== 0;
  out.firstIsStart = (code & (1 << 16)) !== 0;
  out.acronym = code & (1 << 17) ? acronymPoints(term, (code & (1 << 18)) !== 0) : 0;
  out.boundaryMask = table.uniqueBoundaryMask[uid];
  out.firstBit = maskBit(first);
  out.apart = (code >>> 19) & ((1 << PAIR_BITS) - 1);
}

/**
 * An upper bound on a term's score in one file, from the folder's alignment state and
 * facts about the name: every name character earns at most `match` + the name bonus +
 * `consecutive`, less the cheapest gap for each pair of term characters the name holds
 * only apart (`apart`); only boundary characters that occur in the part of the term left
 * to the name earn a boundary bonus, and the name-start bonus only the name's first
 * character, when it is the first term character the name takes. Files whose bound cannot
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
  /**
   * What a step over a gap loses against one back to back (`consecutive` + the cheapest gap):
   * the `entryLoss` of a row ending in `/` when the name's first character is not the next
   * term character, and the cost of each pair in `NameFacts.apart`.
   */
  private gapLoss = 0;
  /** Mask bit of each term character. */
  private readonly charBits: Int32Array;

  constructor(term?: QueryTerm) {
    const m = term?.length ?? 0;
    this.entryLoss = new Float64Array(m);
    this.charBits = new Int32Array(m);
    for (let i = 0; i < m; i++) this.charBits[i] = maskBit(term!.lower[i]);
    // Gaps grow with their length only when `gapExtend` is not negative; otherwise keep the loose bound.
    if (!term || POINTS.gapExtend < 0) return;
    const cheapestGap = Math.min(POINTS.gapStart, POINTS.gapToBoundary, POINTS.gapMax);
    this.gapLoss = Math.max(0, POINTS.consecutive + cheapestGap);
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
    const charBits = this.charBits;
    const boundaryMask = facts.boundaryMask;
    const firstBit = facts.firstBit;
    const exact = charBits.length === m;
    // Term characters after row i whose character is on a word boundary of the name.
    let onBoundary = 0;
    // What the pairs of term characters the name holds only apart cost the rows so far: each is
    // reached over a gap, not back to back (`gapLoss`; inside a name no `/` starts a segment).
    const apart = facts.apart;
    const pairLoss = this.gapLoss;
    let apartLoss = 0;
    // Row i matched in the folder, the rest (m - 1 - i characters) in the name (`rest`, inlined: this runs per file).
    for (let i = m - 1, low = Math.max(0, m - 1 - facts.tail); i >= low; i--) {
      // Row i leaves the pair term[i + 1], term[i + 2] to the name (bit m - 3 - i of `apart`).
      if (apart !== 0 && i <= m - 3 && m - 3 - i < PAIR_BITS && ((apart >>> (m - 3 - i)) & 1) !== 0) apartLoss += pairLoss;
      const folder = s[bestRow + i];
      if (folder >= -1e8) {
        const count = m - 1 - i;
        let v = folder - apartLoss;
        if (count > 0) {
          let b = count < boundaries ? count : boundaries;
          if (exact && onBoundary < b) b = onBoundary;
          // The name's first character, if matched, takes term[i + 1]: the first the name takes.
          const first = exact && (charBits[i + 1] & firstBit) === 0 ? 0 : start;
          let lost = withLoss ? loss[i] : 0;
          if (exact && lost < this.gapLoss && (charBits[i + 1] & firstBit) === 0) lost = this.gapLoss;
          v += count * perChar + b * boundary + first - lost;
        }
        if (v > best) best = v;
      }
      if (exact && (charBits[i] & boundaryMask) !== 0) onBoundary++;
    }
    if (facts.tail === m) {
      // The whole term in the name: its first character's bonus counts again, and it has no predecessor.
      const firstOnBoundary = !exact || (charBits[0] & boundaryMask) !== 0;
      // Only term[0] can sit on the name's first character: without it there, no name-start bonus (`start`).
      const firstBonus = POINTS.inName + (facts.firstIsStart ? POINTS.segmentStart + POINTS.nameStart : firstOnBoundary ? this.boundary : 0);
      const b = Math.min(m, boundaries, exact ? onBoundary : m);
      const v = m * perChar + b * boundary + (facts.firstIsStart ? start : 0) - POINTS.consecutive + firstBonus * (POINTS.firstMultiplier - 1) - popcount(apart) * pairLoss;
      if (v > best) best = v;
    }
    return best + facts.acronym;
  }

  /**
   * Column `b` of a folder's table `out[t · (cap + 1) + b]`: `of` for every name holding a
   * tail of `t` characters (t = 0 … m) of which at most `b` can sit on a word boundary of
   * the name (the `boundaries` of `guessFacts`; column `cap` stands for `cap` or more),
   * with every other fact ideal and no acronym points: one look-up per file then rejects
   * most names of a folder whose tail (known, or bounded by `maskTail`) is too short or
   * whose boundary characters are too few, before their facts are guessed. Row `m + 1`:
   * row `m` for a name that does not start with the term's first character, which loses
   * the name-start bonus of the whole term in the name. `out` holds (m + 2) · (cap + 1)
   * entries; a scan fills the columns it needs.
   */
  byTail(state: ColumnState, m: number, cap: number, b: number, out: Float64Array): void {
    const loss = this.entryLoss;
    const withLoss = loss.length === m;
    const s = state.s;
    const bestRow = 3 * m;
    const { perChar, boundary } = this;
    const width = cap + 1;
    const firstExtra = POINTS.firstMultiplier - 1;
    // Column `cap`: any number of boundary characters.
    const most = b === cap ? m : b;
    let best = -Infinity;
    for (let t = 0; t < m; t++) {
      // Tail t adds row m - 1 - t: its first t + 1 characters in the folder, t in the name.
      const i = m - 1 - t;
      const folder = s[bestRow + i];
      if (folder >= -1e8) {
        const v = t === 0 ? folder : folder + t * perChar + (t < most ? t : most) * boundary + this.start - (withLoss ? loss[i] : 0);
        if (v > best) best = v;
      }
      out[t * width + b] = best;
    }
    const whole = m * perChar + (m < most ? m : most) * boundary + this.start - POINTS.consecutive;
    const atStart = whole + (POINTS.inName + POINTS.segmentStart + POINTS.nameStart) * firstExtra;
    out[m * width + b] = atStart > best ? atStart : best;
    const offStart = whole + (POINTS.inName + this.boundary) * firstExtra;
    out[(m + 1) * width + b] = offStart > best ? offStart : best;
  }
}
