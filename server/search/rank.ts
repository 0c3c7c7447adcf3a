import { CancelledError, yieldToEventLoop, type Cancellation } from '../core/cancel';
import { maskBit, popcount } from './chars';
import type { PathTable } from './pathTable';
import { queryHasUpper, withoutCase, type ParsedQuery, type QueryTerm } from './query';
import { ColumnState, kindPoints, perfectScore, POINTS, Scorer, TermRows } from './score';
import { TopK } from './topK';
import { FolderTree } from './tree';
import { allowedTypos, LcsCounter } from './typo';

export interface RankOptions {
  /** Results wanted. */
  limit: number;
  /** Per file id: 1 when it passes the request's filters; undefined = every file passes. */
  allowed?: Uint8Array;
  cancel: Cancellation;
  /** The clock, for recency (ms since the epoch). */
  now: number;
}

/** One ranked file. */
export interface RankedFile {
  id: number;
  /** Rank key: alignment points plus the lifts (history, recency, shortness); higher is better. */
  score: number;
  /** 0..1: the score against a file named exactly like the query. Undefined for the empty query. */
  quality?: number;
  /** Matched only with typo tolerance. */
  typo: boolean;
}

export interface TableMatches {
  ranked: RankedFile[];
  /** Every file that matched (after filters), before the `limit` cut. */
  total: number;
  /** The query as finally matched (capitals dropped when smart case found nothing). */
  query: ParsedQuery;
}

/** Lifts, in alignment points: how much shortness, picks and recency weigh beside the match. */
export const LIFT = {
  perNameChar: 0.4,
  perFolderChar: 0.04,
  /** A file modified just now gains this much, halving every `recencyHalfLifeMs`. */
  recent: 6,
  recencyHalfLifeMs: 24 * 3600 * 1000,
  /** Points the typo pass concedes, so a typo match never outranks a clean one of equal shape. */
  typoPenalty: 6,
  /** Typo candidates scored in full. */
  typoDepth: 200,
  /** Least quality (score against the perfect score) of a typo match. */
  typoMinQuality: 0.5,
  /** The typo pass runs when the best clean match scores below this quality (or none has the query in its name). */
  typoBelowQuality: 0.75,
};

const CHECK_EVERY = 1024;
const YIELD_AFTER_MS = 10;

/**
 * Ranks the files of one table for a query. A depth-first walk of the folder tree
 * scores every folder path once (the alignment state after it is continued into its
 * files and subfolders), skips subtrees whose characters cannot complete the query,
 * rejects a file with a character mask and a subsequence test, and scores the rest
 * exactly. Capitals in the query must meet capitals; if that finds nothing, case is
 * ignored. When no file has the whole query in its name, a typo pass (longest common
 * subsequence with the names) adds near misses.
 */
export async function rankTable(table: PathTable, query: ParsedQuery, options: RankOptions): Promise<TableMatches> {
  if (options.cancel.isCancellationRequested) throw new CancelledError();
  if (query.terms.length === 0) return { ...recentFiles(table, options), query };
  const clock = new YieldClock(options.cancel);
  let q = query;
  let pass = await strictPass(table, q, options, clock);
  if (pass.total === 0 && queryHasUpper(q)) {
    q = withoutCase(q);
    pass = await strictPass(table, q, options, clock);
  }
  const ranked: RankedFile[] = [];
  const scorer = new Scorer();
  const perfect = q.terms.reduce((sum, t) => sum + perfectScore(scorer, t), 0);
  const seen = new Set<number>();
  for (const { id, score } of pass.top.sorted()) {
    ranked.push({ id, score, quality: clamp01(score / perfect), typo: false });
    seen.add(id);
  }
  let total = pass.total;
  const term = q.terms[0];
  const weak = ranked.length === 0 || (ranked[0].quality ?? 0) < LIFT.typoBelowQuality || !ranked.some((r) => nameHoldsTerm(table, r.id, term));
  if (q.terms.length === 1 && !term.hasSlash && allowedTypos(term.length) > 0 && weak) {
    const typo = await typoPass(table, term, options, clock);
    total += typo.extra;
    for (const { id } of typo.top.sorted()) {
      if (seen.has(id)) continue;
      scorer.loadFile(table, id);
      const points = scorer.score(term, true);
      if (points === -Infinity) continue;
      const score = points - LIFT.typoPenalty + lift(table, id, options.now);
      // A near miss must still look like the query: scattered leftovers are not typos.
      if (score / perfect < LIFT.typoMinQuality) continue;
      ranked.push({ id, score, quality: clamp01(score / perfect), typo: true });
    }
    ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  }
  return { ranked: ranked.slice(0, options.limit), total, query: q };
}

/** Alignment of each term on a file, as sorted positions in `folder/name` (for highlighting). */
export function matchPositions(table: PathTable, id: number, query: ParsedQuery, typo: boolean, scorer = new Scorer()): number[] {
  scorer.loadFile(table, id);
  const all = new Set<number>();
  for (const t of query.terms) for (const p of scorer.positions(t, typo) ?? []) all.add(p);
  return [...all].sort((a, b) => a - b);
}

function lift(table: PathTable, id: number, now: number): number {
  let points = table.boost[id] - LIFT.perNameChar * table.nameLen[id] - LIFT.perFolderChar * table.dirLen[table.fileDir[id]];
  const mtime = table.mtime[id];
  if (mtime > 0) points += LIFT.recent * Math.pow(0.5, Math.max(0, now - mtime) / LIFT.recencyHalfLifeMs);
  return points;
}

/** `lift` with the largest recency lift: cheap, and never below the real one. */
function liftCeiling(table: PathTable, id: number): number {
  return table.boost[id] - LIFT.perNameChar * table.nameLen[id] - LIFT.perFolderChar * table.dirLen[table.fileDir[id]] + (table.mtime[id] > 0 ? LIFT.recent : 0);
}

function clamp01(x: number): number {
  return x <= 0 ? 0 : x >= 1 ? 1 : x;
}

/** Polls cancellation and lets the event loop breathe during long scans. */
class YieldClock {
  private last = performance.now();
  constructor(private readonly cancel: Cancellation) {}

  async check(): Promise<void> {
    if (this.cancel.isCancellationRequested) throw new CancelledError();
    const now = performance.now();
    if (now - this.last > YIELD_AFTER_MS) {
      await yieldToEventLoop();
      this.last = performance.now();
      if (this.cancel.isCancellationRequested) throw new CancelledError();
    }
  }
}

const trees = new WeakMap<PathTable, { structure: number; tree: FolderTree }>();

function folderTree(table: PathTable): FolderTree {
  const cached = trees.get(table);
  if (cached && cached.structure === table.structure) return cached.tree;
  const tree = new FolderTree(table);
  trees.set(table, { structure: table.structure, tree });
  return tree;
}

interface StrictPass {
  top: TopK;
  total: number;
}

/**
 * Per depth of the walk: the folder there, each term's greedy progress after its path,
 * and the alignment states after it, computed only when a file below needs scoring.
 */
interface Level {
  dir: number;
  consumed: Int32Array;
  states: ColumnState[];
  computed: boolean;
}

/** What one backward read of a file name tells about a term (for the score bound). */
interface NameFacts {
  /** Length of the longest tail of the term that is a subsequence of the name. */
  tail: number;
  /** Characters of the name on a word boundary that occur in the term. */
  boundaries: number;
  /** The name's first character occurs in the term / is the term's first character. */
  firstInTerm: boolean;
  firstIsStart: boolean;
  /** Points for a term that spells word starts of the name (see `POINTS.acronym`), else 0. */
  acronym: number;
}

async function strictPass(table: PathTable, query: ParsedQuery, options: RankOptions, clock: YieldClock): Promise<StrictPass> {
  const tree = folderTree(table);
  const terms = query.terms;
  const termCount = terms.length;
  const top = new TopK(options.limit);
  const allowed = options.allowed;
  const { chars, lower, segStart, segLen, dirLen, nameStart, nameLen, nameMask, nameId } = table;
  const factCache = terms.map(() => new Int32Array(table.uniqueCount));
  // Per distinct name, 1 + the length of the term's tail it holds (0: not read yet).
  const tailCache = terms.map(() => new Uint8Array(table.uniqueCount));
  // Per term, how many of its characters fall on each bit of a presence mask.
  const termBits = terms.map((t) => {
    const counts = new Uint8Array(32);
    for (let i = 0; i < t.length; i++) counts[31 - Math.clz32(maskBit(t.lower[i]))]++;
    return counts;
  });
  const points = kindPoints();
  const rows = terms.map((t) => new TermRows(t));
  const bound = new NameBound();
  const levels: Level[] = [];
  const levelAt = (depth: number): Level => {
    while (levels.length <= depth) {
      levels.push({ dir: 0, consumed: new Int32Array(termCount), states: terms.map((t) => new ColumnState(t.length)), computed: false });
    }
    return levels[depth];
  };
  /** Computes the alignment states of the folders on the path down to `depth` that lack them. */
  const ensureStates = (depth: number): void => {
    if (levels[depth].computed) return;
    let from = depth;
    while (from >= 0 && !levels[from].computed) from--;
    for (let x = from + 1; x <= depth; x++) {
      const level = levels[x];
      const dir = level.dir;
      for (let t = 0; t < termCount; t++) {
        const state = level.states[t];
        if (x === 0) state.reset();
        else state.copyFrom(levels[x - 1].states[t]);
        if (segLen[dir] > 0) state.advance(rows[t], table, segStart[dir], segLen[dir], dirLen[dir] - segLen[dir], false, points);
      }
      level.computed = true;
    }
  };
  const nameStates = terms.map((t) => new ColumnState(t.length));
  const facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0 };
  const acronyms = new Float64Array(termCount);
  const firstCodes = terms.map((t) => t.lower[0]);
  let total = 0;
  let work = 0;
  let threshold = -Infinity;

  // The walk's stack as two typed arrays (no object per folder).
  let stackDir = new Int32Array(Math.max(64, tree.roots.length));
  let stackDepth = new Int32Array(stackDir.length);
  let top_ = 0;
  for (const dir of tree.roots) {
    stackDir[top_] = dir;
    stackDepth[top_++] = 0;
  }
  const bestFacts = terms.map((t): NameFacts => ({ tail: t.length, boundaries: t.length, firstInTerm: true, firstIsStart: true, acronym: acronymPoints(t) }));
  while (top_ > 0) {
    top_--;
    const dir = stackDir[top_];
    const depth = stackDepth[top_];
    const level = levelAt(depth);
    level.dir = dir;
    level.computed = false;
    let possible = true;
    let filesPossible = true;
    let folderHoldsAll = true;
    for (let t = 0; t < termCount; t++) {
      const term = terms[t];
      let k = depth === 0 ? 0 : levels[depth - 1].consumed[t];
      if (segLen[dir] > 0) k = greedy(term, chars, lower, segStart[dir], segLen[dir], k);
      level.consumed[t] = k;
      const rest = term.suffixMask[k];
      if ((rest & ~tree.belowMask[dir]) !== 0) possible = false;
      if ((rest & ~tree.namesMask[dir]) !== 0) filesPossible = false;
      if (k < term.length) folderHoldsAll = false;
    }
    if (!possible) continue;
    const children = tree.children;
    const childCount = tree.childStart[dir + 1] - tree.childStart[dir];
    if (top_ + childCount > stackDir.length) {
      const grownDir = new Int32Array((top_ + childCount) * 2);
      grownDir.set(stackDir);
      const grownDepth = new Int32Array(grownDir.length);
      grownDepth.set(stackDepth);
      stackDir = grownDir;
      stackDepth = grownDepth;
    }
    for (let c = tree.childStart[dir + 1] - 1; c >= tree.childStart[dir]; c--) {
      stackDir[top_] = children[c];
      stackDepth[top_++] = depth + 1;
    }
    if (!filesPossible) continue;
    // The most any file here could score: once the top results beat it, files are only counted.
    let ceiling = Infinity;

    // Characters each term still needs from a file name here (one mask for all terms).
    let needMask = 0;
    for (let t = 0; t < termCount; t++) needMask |= terms[t].suffixMask[level.consumed[t]];
    // When the folder holds every term, each of its files matches; those whose name does
    // not start with a term's first character have a lower ceiling, often too low to matter.
    let ceilingOffStart = Infinity;
    for (let f = tree.fileStart[dir], end = tree.fileStart[dir + 1]; f < end; f++) {
      if (++work === CHECK_EVERY) {
        work = 0;
        await clock.check();
      }
      const id = tree.files[f];
      if ((needMask & ~nameMask[id]) !== 0 || (allowed !== undefined && allowed[id] === 0)) continue;
      if (folderHoldsAll && threshold > -Infinity && !startsAny(lower[nameStart[id]], firstCodes)) {
        if (ceilingOffStart === Infinity) {
          ensureStates(depth);
          ceilingOffStart = 0;
          for (let t = 0; t < termCount; t++) ceilingOffStart += bound.of(level.states[t], terms[t].length, offStartFacts(terms[t])) + acronymPoints(terms[t]);
        }
        if (ceilingOffStart + liftCeiling(table, id) <= threshold) {
          total++;
          continue;
        }
      }
      let ok = true;
      const uid = nameId[id];
      for (let t = 0; t < termCount; t++) {
        const k = level.consumed[t];
        const m = terms[t].length;
        if (k === m) continue;
        // The name must hold the term's tail the folder could not. Read once per distinct name.
        let tail = tailCache[t][uid] - 1;
        if (tail < 0) {
          tail = nameTail(table, id, terms[t]);
          tailCache[t][uid] = tail + 1;
        }
        if (tail < m - k) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      total++;
      if (threshold > -Infinity) {
        if (ceiling === Infinity) {
          ensureStates(depth);
          ceiling = 0;
          for (let t = 0; t < termCount; t++) ceiling += bound.of(level.states[t], terms[t].length, bestFacts[t]) + bestFacts[t].acronym;
        }
        const lifted = liftCeiling(table, id);
        if (ceiling + lifted <= threshold) continue;
        // A bound from what is known of the name without reading it.
        let rough = 0;
        for (let t = 0; t < termCount; t++) {
          guessFacts(table, uid, terms[t], termBits[t], tailCache[t][uid] - 1, facts);
          rough += bound.of(level.states[t], terms[t].length, facts) + facts.acronym;
        }
        if (rough + lifted <= threshold) continue;
      }
      let limit = 0;
      for (let t = 0; t < termCount; t++) {
        // Facts depend only on the name: read each distinct name once per search.
        let code = factCache[t][uid];
        if (code === 0) {
          readName(table, id, rows[t], facts);
          factCache[t][uid] = code = encodeFacts(facts);
        } else decodeFacts(code, terms[t], facts);
        acronyms[t] = facts.acronym;
        // The folder's part of the bound needs its alignment state.
        ensureStates(depth);
        limit += bound.of(level.states[t], terms[t].length, facts) + facts.acronym;
      }
      if (limit + liftCeiling(table, id) <= threshold) continue;
      const lifted = lift(table, id, options.now);
      if (limit + lifted <= threshold) continue;
      const ns = nameStart[id];
      const nl = nameLen[id];
      const position = dirLen[dir];
      let sum = 0;
      for (let t = 0; t < termCount; t++) {
        const state = nameStates[t];
        state.copyFrom(level.states[t]);
        state.advance(rows[t], table, ns, nl, position, true, points);
        sum += state.score + acronyms[t];
      }
      const score = sum + lifted;
      if (score > threshold) {
        top.push(id, score);
        threshold = top.threshold;
      }
    }
  }
  return { top, total };
}

/** Facts of a name that does not start with the term's first character but is otherwise ideal. */
function offStartFacts(term: QueryTerm): NameFacts {
  return { tail: term.length, boundaries: term.length, firstInTerm: true, firstIsStart: false, acronym: 0 };
}

/** The acronym points a term would earn (lower-case terms of two or more characters). */
function acronymPoints(term: QueryTerm): number {
  return term.hasUpper || term.length < 2 ? 0 : POINTS.acronym * term.length;
}

function startsAny(code: number, firstCodes: number[]): boolean {
  for (const c of firstCodes) if (c === code) return true;
  return false;
}

/** The whole term is a subsequence of the file's name. */
function nameHoldsTerm(table: PathTable, id: number, term: QueryTerm): boolean {
  return greedy(term, table.chars, table.lower, table.nameStart[id], table.nameLen[id], 0) === term.length;
}

/**
 * Facts of a name bounded from above without reading it: the boundary characters it
 * could offer the term (from the name's boundary-character mask), whether its first
 * character is in the term, the tail when known (else the whole term).
 */
function guessFacts(table: PathTable, uid: number, term: QueryTerm, bits: Uint8Array, tail: number, out: NameFacts): void {
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
  out.acronym = (termMask & ~boundaryMask) === 0 ? acronymPoints(term) : 0;
}

/** Length of the longest tail of the term that is a subsequence of the file's name. */
function nameTail(table: PathTable, id: number, term: QueryTerm): number {
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

/** Name facts in one non-zero integer (tail ≤ 64, boundaries capped at 127). */
function encodeFacts(f: NameFacts): number {
  return 1 | (f.tail << 1) | (Math.min(f.boundaries, 127) << 8) | (f.firstInTerm ? 1 << 15 : 0) | (f.firstIsStart ? 1 << 16 : 0) | (f.acronym > 0 ? 1 << 17 : 0);
}

function decodeFacts(code: number, term: QueryTerm, out: NameFacts): void {
  out.tail = (code >>> 1) & 127;
  out.boundaries = (code >>> 8) & 127;
  out.firstInTerm = (code & (1 << 15)) !== 0;
  out.firstIsStart = (code & (1 << 16)) !== 0;
  out.acronym = code & (1 << 17) ? acronymPoints(term) : 0;
}

/** Reads a name backwards once: the term's tail it holds, and its boundary characters. */
function readName(table: PathTable, id: number, rows: TermRows, out: NameFacts): void {
  const { chars, lower, kind } = table;
  const term = rows.term;
  const tl = term.lower;
  const tu = term.upper;
  const head = rows.head;
  let k = term.length - 1;
  let initials = term.length - 1;
  let boundaries = 0;
  const start = table.nameStart[id];
  // Initials count only before the extension (`hip` is not history_item.png).
  let inStem = table.extId[id] === 0;
  for (let x = start + table.nameLen[id] - 1; x >= start; x--) {
    const c = lower[x];
    const stem = inStem;
    if (c === 46) inStem = true;
    if (head[c] < 0) continue;
    if (kind[x] !== 0) {
      boundaries++;
      if (stem && initials >= 0 && c === tl[initials]) initials--;
    }
    if (k >= 0 && c === tl[k] && (tu[k] === 0 || chars[x] !== c)) k--;
  }
  out.tail = term.length - 1 - k;
  out.acronym = initials < 0 ? acronymPoints(term) : 0;
  out.boundaries = boundaries;
  out.firstInTerm = head[lower[start]] >= 0;
  out.firstIsStart = lower[start] === tl[0];
}

/**
 * An upper bound on a term's score in one file, from the folder's alignment state and
 * facts about the name: every name character earns at most `match` + the name bonus +
 * `consecutive`, only boundary characters that occur in the term earn a boundary bonus,
 * and only the name's first character the name-start bonus. Files whose bound cannot
 * beat the current top results are never scored.
 */
class NameBound {
  private readonly perChar = POINTS.match + POINTS.inName + POINTS.consecutive;
  /** Largest bonus off the name's first character. */
  private readonly boundary = Math.max(POINTS.delimiter, POINTS.camel, POINTS.digit);
  /** What the name's first character can earn beyond `boundary`. */
  private readonly start = POINTS.nameStart + POINTS.segmentStart - this.boundary;

  of(state: ColumnState, m: number, facts: NameFacts): number {
    let best = -Infinity;
    // Row i matched in the folder, the rest (m - 1 - i characters) in the name.
    for (let i = Math.max(0, m - 1 - facts.tail); i < m; i++) {
      const folder = state.bestOf(i);
      if (folder < -1e8) continue;
      const v = folder + this.rest(m - 1 - i, facts);
      if (v > best) best = v;
    }
    if (facts.tail === m) {
      // The whole term in the name: its first character's bonus counts again, and it has no predecessor.
      const firstBonus = POINTS.inName + (facts.firstIsStart ? POINTS.segmentStart + POINTS.nameStart : this.boundary);
      const v = this.rest(m, facts) - POINTS.consecutive + firstBonus * (POINTS.firstMultiplier - 1);
      if (v > best) best = v;
    }
    return best;
  }

  private rest(count: number, facts: NameFacts): number {
    if (count === 0) return 0;
    return count * this.perChar + Math.min(count, facts.boundaries) * this.boundary + (facts.firstInTerm ? this.start : 0);
  }
}

/** Greedy subsequence progress of `term` from `k` over `length` pool characters. */
function greedy(term: QueryTerm, chars: Uint16Array, lower: Uint16Array, start: number, length: number, k: number): number {
  const tl = term.lower;
  const tu = term.upper;
  const m = term.length;
  for (let x = start, end = start + length; x < end && k < m; x++) {
    if (lower[x] === tl[k] && (tu[k] === 0 || chars[x] !== lower[x])) k++;
  }
  return k;
}

function pathHasSubsequence(table: PathTable, id: number, term: QueryTerm): boolean {
  let k = 0;
  for (const d of table.chain(table.fileDir[id])) k = greedy(term, table.chars, table.lower, table.segStart[d], table.segLen[d], k);
  return greedy(term, table.chars, table.lower, table.nameStart[id], table.nameLen[id], k) === term.length;
}

/** Files whose name shares all but a few characters with the term, in order. */
async function typoPass(table: PathTable, term: QueryTerm, options: RankOptions, clock: YieldClock): Promise<{ top: TopK; extra: number }> {
  const errors = allowedTypos(term.length);
  const lcs = new LcsCounter(term);
  const need = lcs.length - errors;
  const top = new TopK(LIFT.typoDepth);
  const termMask = term.suffixMask[0];
  const { flags, nameMask, nameStart, nameLen, lower, nameId } = table;
  const allowed = options.allowed;
  // Per distinct name: 0 not read yet, 1 too far off, 2 + the characters in common.
  const commonByName = new Uint8Array(table.uniqueCount);
  let extra = 0;
  for (let id = 0; id < table.slotCount; id++) {
    if (id % CHECK_EVERY === 0) await clock.check();
    if ((flags[id] & 1) === 0 || (allowed !== undefined && allowed[id] === 0)) continue;
    if (popcount(termMask & ~nameMask[id]) > errors) continue;
    const len = nameLen[id];
    if (len < need) continue;
    const uid = nameId[id];
    if (commonByName[uid] === 0) {
      const c = lcs.count(lower, nameStart[id], len);
      commonByName[uid] = c < need ? 1 : c + 2;
    }
    if (commonByName[uid] === 1) continue;
    const common = commonByName[uid] - 2;
    // A file the strict pass matched too is counted there already.
    if (!pathHasSubsequence(table, id, term)) extra++;
    // More characters in common first, then the fewest extra characters in the name.
    top.push(id, common * 4 - (len - common) * 0.5 + lift(table, id, options.now) * 0.1);
  }
  return { top, extra };
}

/** The empty query: most recently modified first, then picked, then shorter paths. */
function recentFiles(table: PathTable, options: RankOptions): Omit<TableMatches, 'query'> {
  const top = new TopK(options.limit);
  const { flags, mtime, boost, nameLen, fileDir, dirLen } = table;
  const allowed = options.allowed;
  let total = 0;
  for (let id = 0; id < table.slotCount; id++) {
    if ((flags[id] & 1) === 0 || (allowed !== undefined && allowed[id] === 0)) continue;
    total++;
    const key = mtime[id] + boost[id] * 1e-2 - (nameLen[id] + dirLen[fileDir[id]]) * 1e-5;
    if (key > top.threshold) top.push(id, key);
  }
  return { ranked: top.sorted().map(({ id, score }) => ({ id, score, typo: false })), total };
}
