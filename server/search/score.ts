import { BOUNDARY, fillKinds, foldCode } from './chars';
import { FILLER } from './normal';
import { MAX_PATH_LENGTH, type PathTable } from './pathTable';
import type { QueryTerm } from './query';

/**
 * Points of the alignment score. A matched character earns `match` plus the bonus of its
 * position (start of a path segment, after a delimiter, a camel hump, a digit run) and
 * more inside the file name; characters matched back to back earn `consecutive`; gaps
 * between matched characters cost `gapStart` then `gapExtend` per skipped character.
 * A query character left unmatched or put in place of another (typo tolerance only)
 * costs `skip`.
 */
export const POINTS = {
  match: 16,
  segmentStart: 10,
  delimiter: 8,
  camel: 8,
  digit: 4,
  consecutive: 8,
  inName: 4,
  nameStart: 8,
  /** The first matched character's position bonus counts this many times. */
  firstMultiplier: 2,
  gapStart: 3,
  gapExtend: 1,
  /** No gap costs more than this: jumping over whole folders is what path queries do. */
  gapMax: 12,
  /** A jump that lands on a word boundary in the file name costs this instead (typing initials is normal). */
  gapToBoundary: 3,
  /** Per character, when a lower-case term spells word starts of the name in order (`hip` → HudsonInstanceProperties). */
  acronym: 5,
  /** Beside `acronym`, when the term spells every word start of the name (`fst` → FreeformSourcesTest, not FileSystemTestHid). */
  acronymWhole: 10,
  /**
   * Cost of each path `/` between two characters of one slash-separated part of a term
   * (`webs` of `org/webs/ejb` read as `web/beans`), or of one word of several: each part
   * names one folder or the name.
   */
  splitPart: 12,
  /**
   * A query character left unmatched or put in place of another (typo pass only): one
   * slip costs about one jump over folders (`gapMax`), so a name one slip away (`svpread`
   * → spread.js) is not outranked by the letters scattered over a path (…/server/PathReader.java).
   */
  skip: 12,
};

const NEG = -1e9;
const SLASH = 47;
const HALF_NEG = NEG / 2;

/** Points of each boundary kind (`BOUNDARY`), read from `POINTS` when a search starts. */
export function kindPoints(): Int16Array {
  return Int16Array.of(0, POINTS.segmentStart, POINTS.delimiter, POINTS.camel, POINTS.digit);
}

/**
 * Scores one query term against one path by dynamic programming over every alignment
 * of the term's characters, in order, and returns the best (optionally with the matched
 * positions, for highlighting). The exhaustive search uses `ColumnState`, which computes
 * the same score; this row-by-row form also traces back and tolerates typos.
 */
export class Scorer {
  private readonly lower = new Uint16Array(MAX_PATH_LENGTH);
  private readonly upper = new Uint8Array(MAX_PATH_LENGTH);
  private readonly bonus = new Int16Array(MAX_PATH_LENGTH);
  private readonly boundary = new Uint8Array(MAX_PATH_LENGTH);
  /** 1 where a path segment (a folder or the name) starts. */
  private readonly segment = new Uint8Array(MAX_PATH_LENGTH);
  private rowA = new Float64Array(MAX_PATH_LENGTH);
  private rowB = new Float64Array(MAX_PATH_LENGTH);
  private cells = new Float64Array(0);
  private from = new Int32Array(0);
  private bestEnd = -1;
  /** Length of the loaded path. */
  length = 0;
  /** Where the file name starts in the loaded path. */
  nameStart = 0;

  /** Loads a file of the table as `folder/name`. */
  loadFile(table: PathTable, id: number): void {
    const dir = table.fileDir[id];
    const dirLen = table.dirLen[dir];
    const points = kindPoints();
    let at = 0;
    for (const d of table.chain(dir)) {
      this.copy(table.chars, table.lower, table.kind, points, table.segStart[d], table.segLen[d], at, false);
      at += table.segLen[d];
    }
    this.copy(table.chars, table.lower, table.kind, points, table.nameStart[id], table.nameLen[id], dirLen, true);
    this.length = dirLen + table.nameLen[id];
    this.nameStart = dirLen;
  }

  /** Loads a plain path (tests, and the perfect score of a term). */
  loadText(text: string): void {
    const n = Math.min(text.length, MAX_PATH_LENGTH);
    const chars = new Uint16Array(n);
    const lower = new Uint16Array(n);
    const kind = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      chars[i] = text.charCodeAt(i);
      lower[i] = foldCode(chars[i]);
    }
    // The folder part and the name are read as separate strings, as the table stores them.
    const nameStart = text.lastIndexOf('/', n - 1) + 1;
    fillKinds(chars, lower, 0, nameStart, kind, 0);
    fillKinds(chars, lower, nameStart, n - nameStart, kind, nameStart);
    const points = kindPoints();
    this.copy(chars, lower, kind, points, 0, nameStart, 0, false);
    this.copy(chars, lower, kind, points, nameStart, n - nameStart, nameStart, true);
    this.length = n;
    this.nameStart = nameStart;
  }

  private copy(chars: Uint16Array, lower: Uint16Array, kind: Uint8Array, points: Int16Array, start: number, length: number, at: number, name: boolean): void {
    for (let i = 0; i < length; i++) {
      this.lower[at + i] = lower[start + i];
      this.upper[at + i] = chars[start + i] !== lower[start + i] ? 1 : 0;
      this.bonus[at + i] = points[kind[start + i]] + (name ? POINTS.inName + (i === 0 ? POINTS.nameStart : 0) : 0);
      this.boundary[at + i] = name && kind[start + i] !== 0 ? 1 : 0;
      this.segment[at + i] = kind[start + i] === BOUNDARY.segment ? 1 : 0;
    }
  }

  /** Whether position `p` of the loaded path is a unit of a decomposed letter matched as its first (`FILLER`). */
  isFiller(p: number): boolean {
    return p < this.length && this.lower[p] === FILLER;
  }

  /** Best score of `term` on the loaded path, or -Infinity when it does not match. */
  score(term: QueryTerm, allowSkips = false): number {
    return this.run(term, allowSkips, false);
  }

  /** Positions (indexes into the loaded path) of the best alignment; undefined when it does not match. */
  positions(term: QueryTerm, allowSkips = false): number[] | undefined {
    const best = this.run(term, allowSkips, true);
    if (best === -Infinity) return undefined;
    return this.traceBack(term.length);
  }

  private run(term: QueryTerm, allowSkips: boolean, keep: boolean): number {
    const m = term.length;
    const n = this.length;
    if (m === 0) return 0;
    if (n === 0) return -Infinity;
    if (keep && this.cells.length < m * n) {
      this.cells = new Float64Array(m * n);
      this.from = new Int32Array(m * n);
    }
    const { lower, upper, bonus, boundary, segment } = this;
    const tl = term.lower;
    const tu = term.upper;
    const span = term.span;
    const splitPart = POINTS.splitPart;
    let prev = this.rowA;
    let cur = this.rowB;
    for (let j = 0; j < n; j++) {
      const ok = lower[j] === tl[0] && (tu[0] === 0 || upper[j] === 1);
      cur[j] = ok ? POINTS.match + bonus[j] * POINTS.firstMultiplier : NEG;
      if (keep) {
        this.cells[j] = cur[j];
        this.from[j] = -3;
      }
    }
    // `lead`: every character so far skipped (typo tolerance only).
    let lead = allowSkips ? -POINTS.skip : NEG;
    for (let i = 1; i < m; i++) {
      const swap = prev;
      prev = cur;
      cur = swap;
      const qc = tl[i];
      const needUpper = tu[i] === 1;
      // Skipping a `/` between two characters of one part of the term costs `splitPart`.
      const splitCost = span[i - 1] === 1 ? splitPart : 0;
      // After a `/` of the term, the next part may start any later folder or the name (`slashJump`).
      const afterSlash = tl[i - 1] === SLASH;
      let gapBest = NEG;
      let gapArg = -1;
      // The best of prev[0 .. j-2] unpenalised, for jumps onto a word boundary.
      let rawBest = NEG;
      let rawArg = -1;
      const row = i * n;
      for (let j = 0; j < n; j++) {
        if (j >= 2) {
          gapBest -= POINTS.gapExtend;
          const open = prev[j - 2] - POINTS.gapStart;
          if (open > gapBest) {
            gapBest = open;
            gapArg = j - 2;
          }
          if (prev[j - 2] > rawBest) {
            rawBest = prev[j - 2];
            rawArg = j - 2;
          }
          if (splitCost !== 0 && lower[j - 1] === 47) {
            gapBest -= splitCost;
            rawBest -= splitCost;
          }
        }
        let v = NEG;
        let origin = -1;
        if (lower[j] === qc && (!needUpper || upper[j] === 1)) {
          let base = NEG;
          if (j >= 1) {
            base = prev[j - 1] + POINTS.consecutive;
            origin = j - 1;
          }
          if (gapBest > base) {
            base = gapBest;
            origin = gapArg;
          }
          const jumpCost = boundary[j] === 1 && POINTS.gapToBoundary < POINTS.gapMax ? POINTS.gapToBoundary : POINTS.gapMax;
          if (rawBest - jumpCost > base) {
            base = rawBest - jumpCost;
            origin = rawArg;
          }
          if (afterSlash && segment[j] === 1 && rawBest + POINTS.consecutive > base) {
            base = rawBest + POINTS.consecutive;
            origin = rawArg;
          }
          const fromLead = lead + bonus[j] * (POINTS.firstMultiplier - 1);
          if (fromLead > base) {
            base = fromLead;
            origin = -3;
          }
          if (base > HALF_NEG) v = base + POINTS.match + bonus[j];
          else origin = -1;
        }
        if (allowSkips && prev[j] > HALF_NEG && prev[j] - POINTS.skip > v) {
          v = prev[j] - POINTS.skip;
          origin = -2;
        }
        // A wrong character in place of the path's (`testvnlid` → TestValid): q[i] takes
        // position j unmatched, so the next character still follows back to back.
        if (allowSkips && j >= 1 && prev[j - 1] > HALF_NEG && prev[j - 1] - POINTS.skip > v) {
          v = prev[j - 1] - POINTS.skip;
          origin = -4 - (j - 1);
        }
        cur[j] = v;
        if (keep) {
          this.cells[row + j] = v;
          this.from[row + j] = origin;
        }
      }
      if (allowSkips) lead -= POINTS.skip;
    }
    let best = NEG;
    let bestJ = -1;
    for (let j = 0; j < n; j++) {
      if (cur[j] > best) {
        best = cur[j];
        bestJ = j;
      }
    }
    this.bestEnd = bestJ;
    return best > HALF_NEG ? best : -Infinity;
  }

  private traceBack(m: number): number[] {
    const n = this.length;
    const out: number[] = [];
    let j = this.bestEnd;
    for (let i = m - 1; i >= 0 && j >= 0; i--) {
      const origin = this.from[i * n + j];
      if (origin === -2) continue; // q[i] skipped, still at j
      if (origin <= -4) {
        j = -4 - origin; // q[i] stood unmatched in place of path character j; q[i - 1] ends before it
        continue;
      }
      out.push(j);
      if (origin === -3) break; // the first matched character
      j = origin;
    }
    return out.reverse();
  }
}

/**
 * Which rows of a term each character can extend: for a folded code unit, the term
 * positions holding it, highest first (so one character never feeds itself).
 */
export class TermRows {
  /** Index into `rows` of the list for a code unit, -1 when the term lacks it (given: 65,536 entries, all -1). */
  readonly head: Int16Array;
  /** Lists of rows, each ended by -1. */
  readonly rows: Int8Array;
  /** 1 at each row whose term character is `/`. */
  readonly slash: Uint8Array;
  /** `ends` of each ASCII code unit, read without the lists: nearly every name is ASCII. */
  readonly asciiEnds = new Int32Array(128);

  constructor(readonly term: QueryTerm, head?: Int16Array) {
    this.head = head ?? new Int16Array(65536).fill(-1);
    const byCode = new Map<number, number[]>();
    for (let i = term.length - 1; i >= 0; i--) {
      const list = byCode.get(term.lower[i]) ?? [];
      list.push(i);
      byCode.set(term.lower[i], list);
    }
    const flat: number[] = [];
    for (const [code, list] of byCode) {
      this.head[code] = flat.length;
      flat.push(...list, -1);
    }
    // A term kept within one folder must see the path's slashes even when it has none.
    if (this.head[47] < 0 && term.span.includes(1)) {
      this.head[47] = flat.length;
      flat.push(-1);
    }
    this.rows = Int8Array.from(flat);
    this.slash = Uint8Array.from(term.lower, (c) => (c === SLASH ? 1 : 0));
    for (let c = 0; c < 128; c++) this.asciiEnds[c] = this.ends(c);
  }

  /** Where a code unit sits in the term, counted from its end: bit e for term[m - 1 - e] (the last 32 positions). */
  ends(code: number): number {
    const m = this.term.length;
    let bits = 0;
    let r = this.head[code];
    if (r < 0) return 0;
    for (let i = this.rows[r]; i >= 0; i = this.rows[++r]) if (m - 1 - i < 32) bits |= 1 << (m - 1 - i);
    return bits;
  }
}

/**
 * The alignment score computed one character at a time, so the state after a folder
 * path can be kept and continued into each of its files and subfolders: a folder is
 * scored once per query, a file costs only its name. Only characters that occur in the
 * term do any work; gap costs are kept lazily as values anchored at a position. The
 * state is one array; per row `i` of the term: `LAST_V` the latest match of term[i] and
 * `LAST_X` its position, `ANCHORED` the best older match as
 * `score − gapStart + gapExtend·(position + 2)`, `BEST` the best anywhere.
 */
export class ColumnState {
  /** `[lastV × m, lastX × m, anchored × m, best × m, older × m]`; `older`: the best folded match, unpenalised. */
  readonly s: Float64Array;

  constructor(readonly m: number) {
    this.s = new Float64Array(5 * m);
    this.reset();
  }

  reset(): void {
    const m = this.m;
    this.s.fill(NEG, 0, m);
    this.s.fill(-8, m, 2 * m);
    this.s.fill(NEG, 2 * m);
  }

  /** Takes the state of `other`, a state of the same term. */
  copyFrom(other: ColumnState): void {
    // One block copy: measured (Node 20) 2–4 times faster than an element loop from 30 values on.
    this.s.set(other.s);
  }

  /**
   * Mask bits (`charBits`: each term character's) of the characters that can change this
   * state: the term's first, and each later one whose predecessor has matched; `advance`
   * over text without any of them (and without a `/` a kept part pays for) changes nothing.
   */
  movers(charBits: Int32Array): number {
    const s = this.s;
    const best = 3 * this.m;
    let mask = charBits[0];
    for (let i = 1; i < this.m; i++) if (s[best + i - 1] > HALF_NEG) mask |= charBits[i];
    return mask;
  }

  /** Best score of the whole term so far, or -Infinity. */
  get score(): number {
    const v = this.s[4 * this.m - 1];
    return v > HALF_NEG ? v : -Infinity;
  }

  /**
   * Best score so far of term[0..i] (-1e9 when not matched yet), less the `splitPart`
   * its continuation into the next character would pay: an upper bound for the bound.
   */
  bestOf(i: number): number {
    return this.s[3 * this.m + i];
  }

  /**
   * Advances over `length` pool characters from `start`, which sit at path positions
   * `position ..`; `name` adds the file-name bonuses.
   */
  advance(rows: TermRows, table: PathTable, start: number, length: number, position: number, name: boolean, points: Int16Array): void {
    const s = this.s;
    const m = this.m;
    const X = m;
    const A = 2 * m;
    const B = 3 * m;
    const O = 4 * m;
    const gapMax = POINTS.gapMax;
    const toBoundary = Math.min(POINTS.gapToBoundary, gapMax);
    const { lower, chars, kind } = table;
    const head = rows.head;
    const list = rows.rows;
    const tu = rows.term.upper;
    // A term without capitals never asks whether a path character is one: its pool is not read for it.
    const caseMatters = rows.term.hasUpper;
    const match = POINTS.match;
    const consecutive = POINTS.consecutive;
    const gapStart = POINTS.gapStart;
    const gapExtend = POINTS.gapExtend;
    const extraFirst = POINTS.firstMultiplier - 1;
    const inName = name ? POINTS.inName : 0;
    const span = rows.term.span;
    const afterSlash = rows.slash;
    const splitPart = POINTS.splitPart;
    for (let x = 0; x < length; x++) {
      const at = start + x;
      const c = lower[at];
      let r = head[c];
      if (r < 0) continue;
      // A `/` of the path (only terms kept within parts get here): every alignment that
      // goes on past it between two characters of one part of the term pays `splitPart`.
      // `BEST` of such a row only bounds what its continuation can score, so it pays too.
      if (c === 47 && splitPart !== 0) {
        for (let p = 0; p < m - 1; p++) {
          if (span[p] === 0) continue;
          s[p] -= splitPart;
          s[A + p] -= splitPart;
          s[O + p] -= splitPart;
          s[B + p] -= splitPart;
        }
      }
      const pos = position + x;
      const isUpper = caseMatters && chars[at] !== c;
      const startsSegment = kind[at] === BOUNDARY.segment;
      const jumpCost = name && kind[at] !== 0 ? toBoundary : gapMax;
      let b = points[kind[at]] + inName;
      if (name && x === 0) b += POINTS.nameStart;
      for (let i = list[r]; i >= 0; i = list[++r]) {
        if (tu[i] === 1 && !isUpper) continue;
        let v: number;
        if (i === 0) v = match + b + b * extraFirst;
        else {
          const p = i - 1;
          let entry = s[A + p] - gapExtend * pos;
          if (s[O + p] - jumpCost > entry) entry = s[O + p] - jumpCost;
          const lv = s[p];
          if (lv > HALF_NEG) {
            const lx = s[X + p];
            let viaLast = lx === pos - 1 ? lv + consecutive : lv - gapStart - gapExtend * (pos - 2 - lx);
            if (lx < pos - 1 && lv - jumpCost > viaLast) viaLast = lv - jumpCost;
            if (viaLast > entry) entry = viaLast;
          }
          // A part of the term after its `/` starts any later folder or the name as if it followed the slash.
          if (startsSegment && afterSlash[p] === 1 && s[B + p] + consecutive > entry) entry = s[B + p] + consecutive;
          if (entry <= HALF_NEG) continue;
          v = entry + match + b;
        }
        const old = s[i];
        if (old > HALF_NEG) {
          const folded = old - gapStart + gapExtend * (s[X + i] + 2);
          if (folded > s[A + i]) s[A + i] = folded;
          if (old > s[O + i]) s[O + i] = old;
        }
        s[i] = v;
        s[X + i] = pos;
        if (v > s[B + i]) s[B + i] = v;
      }
    }
  }
}

/** The score of a term matching a file named exactly like it: the 1.0 of `match_score`. */
export function perfectScore(scorer: Scorer, term: QueryTerm): number {
  scorer.loadText(term.text);
  const s = scorer.score(term);
  return s > 0 ? s : 1;
}
