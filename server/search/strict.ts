import { bestFacts, boundaryCount, decodeFacts, encodeFacts, greedy, guessFacts, maskTail, NameBound, nameTail, offStartFacts, readName, termBits, type NameFacts } from './facts';
import { maskBit } from './chars';
import { CHECK_EVERY, folderLift, lift, liftCeiling, liftCeilingIn, type YieldClock } from './lift';
import { ROOT_DIR, type PathTable } from './pathTable';
import type { ParsedQuery, QueryTerm } from './query';
import type { RankOptions } from './rankTypes';
import { LooseBounds, VERDICT, type GainJudge } from './loose';
import { mapPacked } from './stableArrays';
import { ColumnState, kindPoints, TermRows } from './score';
import { borrowInt16, borrowInt32, borrowUint8, giveBack } from './scratch';
import { seedThreshold } from './seed';
import { TopK } from './topK';
import { FolderTree } from './tree';

/** The outcome of a strict (no typo) pass. */
export interface StrictResult {
  top: TopK;
  /** Matching files (after filters). */
  total: number;
  /** Every matching file, in walk order, when asked for and not too many (for narrowing the next keystroke). */
  matched?: Int32Array;
}

const SLASH = 47;

/**
 * Columns of `NameBound.byTail` by the number of term characters a name offers on its
 * word boundaries (the last stands for this many or more): a folder's table costs
 * (m + 2) · (columns + 1) entries, computed once for the folder.
 */
const BOUNDARY_COLUMNS = 6;

/**
 * `thresholdId` under a bar from `seedThreshold`: a file scoring exactly the bar is never turned
 * away. The largest small integer of V8 (31 bits, with pointer compression): 0x7fffffff is
 * a heap number, and the field that held it lost its small-integer representation every query.
 */
const ANY_ID = 0x3fffffff;

/** Most matches remembered for narrowing; beyond, the next keystroke scans the tree again. */
const MAX_REMEMBERED = 200_000;

const trees = new WeakMap<PathTable, { structure: number; tree: FolderTree }>();

function boundaryColumns(m: number): number {
  return Math.min(m, BOUNDARY_COLUMNS);
}

function folderTree(table: PathTable): FolderTree {
  const cached = trees.get(table);
  if (cached && cached.structure === table.structure) return cached.tree;
  const tree = new FolderTree(table);
  trees.set(table, { structure: table.structure, tree });
  return tree;
}

/**
 * A folder on the current path of the scan: each term's greedy progress after its path,
 * its alignment states (computed only when a file below needs scoring), and bounds on
 * what its files can score.
 */
interface Level {
  dir: number;
  consumed: Int32Array;
  /** Per term, the alignment state after the folder path: `own`, or its parent's when the folder's segment leaves that unchanged. */
  states: ColumnState[];
  own: ColumnState[];
  computed: boolean;
  /** Every term lies in the folder path: all its files match. */
  holdsAll: boolean;
  /** Characters the terms still need from a file name here. */
  needMask: number;
  /** Most any file here / any file not starting with a term's first character could score (Infinity: not computed). */
  ceiling: number;
  ceilingOffStart: number;
  /** `ceiling` from the folder's `looseFolderState`s, read before its own states are computed (Infinity: not computed). */
  looseCeiling: number;
  /** Per term, `NameBound.byTail` of the folder (valid when `tailsReady`): (m + 2) · (BOUNDARY_COLUMNS + 1) entries. */
  byTail: Float64Array[];
  tailsReady: boolean;
  /** Bit b: column b of `byTail[0]` is filled (one-term scans; column `cap` with `tailsReady`). */
  columnsReady: number;
}

/** The first term as `StrictScan.scanOne` reads it. */
interface OneTerm {
  term: QueryTerm;
  m: number;
  termMask: number;
  /** Points of a name the term spells the word starts of (`bestFacts`). */
  initialsPoints: number;
  tails: Uint8Array;
  firstCode: number;
  /** `boundaryColumns` of the term. */
  cap: number;
  bits: Uint8Array;
  /** Whether a name's boundary characters bound its score (`scanOne`): not for a term naming folders. */
  byBoundaries: boolean;
}

/**
 * Scores every file of a table that matches a query exactly (characters in order, smart
 * case), keeping the best `limit`. The folder tree is walked depth first: a folder's path
 * is matched once and its alignment state continued into its files and subfolders, and a
 * subtree whose characters cannot complete the query is skipped. A file is rejected with
 * a character mask and a subsequence test of its name (each distinct name read once), and
 * scored in full only when an upper bound on its score can beat the current top.
 */
export class StrictScan implements GainJudge {
  private readonly terms: QueryTerm[];
  private readonly rows: TermRows[];
  private readonly points = kindPoints();
  /** Per term: bounds on what a file can score, from its folder's state and facts of its name. */
  private readonly bounds: NameBound[];
  private readonly factCache: Int32Array[];
  /** Per term, per distinct name: 1 + the length of the term's tail the name holds (0: not read yet). */
  private readonly tailCache: Uint8Array[];
  private readonly bits: Uint8Array[];
  private readonly best: NameFacts[];
  private readonly offStart: NameFacts[];
  private readonly firstCodes: Int32Array;
  /** Per term: the mask bit of each character. */
  private readonly charBits: Int32Array[];
  /** Per term: the mask bit of `/` when `ColumnState.advance` reads it (parts kept within folders), else 0. */
  private readonly slashReads: Int32Array;
  private readonly levels: Level[] = [];
  /** What `scanOne` reads of the first term on every call (a call per folder), read once per scan. */
  private readonly one: OneTerm;
  /** Where `walk` stands between two slices: the next place in walk order, the current root's subtree, the files of a folder left to scan. */
  private readonly walkAt = { place: 0, rootEnd: 0, rootBase: 0, file: 0, fileEnd: 0, depth: 0 };
  /** What the terms need below the root folders' parent: every character, or'd together. */
  private readonly rootNeed: number;
  /** What a root folder's parent has consumed of each term: nothing. */
  private readonly noneConsumed: Int32Array;
  /** Folders to enter, deepest first (`enterChain`). */
  private readonly pending: number[] = [];
  private readonly nameStates: ColumnState[];
  private readonly facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
  private readonly acronyms: Float64Array;
  /** Per term, the bound of the file being scored (`consider`), and the one guessed before its name is read. */
  private readonly limits: Float64Array;
  private readonly roughs: Float64Array;
  /** Bounds without the folder's state, asked before a folder's state is computed. */
  private readonly loose: LooseBounds;
  /**
   * What the file `scanOne` tests gains beside its alignment (initials and lift ceiling), in a
   * typed slot: a number passed to a call V8 does not inline is boxed on the heap, each file.
   */
  private readonly gain = new Float64Array(1);
  private readonly top: TopK;
  private readonly tree: FolderTree;
  /** The current top's entry bar (see `TopK.admits`), kept in fields for the hot loop. */
  private threshold = -Infinity;
  private thresholdId = -1;
  /** A bar at least `limit` files reach (`seedThreshold`), the threshold until the top's own is as high. */
  private floor = -Infinity;
  private total = 0;
  private work = 0;
  private matched: Int32Array | undefined;
  private matchedCount = 0;

  constructor(
    private readonly table: PathTable,
    query: ParsedQuery,
    private readonly options: RankOptions,
    private readonly clock: YieldClock,
    remember: boolean,
    /** When given (zeroed, one entry per slot), each matching file's entry is set to 1: the typo pass reads which files matched strictly. */
    private readonly marks?: Uint8Array,
  ) {
    this.terms = query.terms;
    // One map per array whichever code built it (`mapPacked`); numbers in typed arrays.
    this.rows = mapPacked(this.terms, (t) => new TermRows(t, borrowInt16(65536, -1)));
    this.bounds = mapPacked(this.terms, (t) => new NameBound(t));
    this.factCache = mapPacked(this.terms, () => borrowInt32(table.uniqueCount));
    this.tailCache = mapPacked(this.terms, () => borrowUint8(table.uniqueCount));
    this.bits = mapPacked(this.terms, termBits);
    this.best = mapPacked(this.terms, bestFacts);
    this.offStart = mapPacked(this.terms, offStartFacts);
    this.firstCodes = Int32Array.from(this.terms, (t) => t.lower[0]);
    this.charBits = mapPacked(this.terms, (t) => Int32Array.from(t.lower, maskBit));
    this.slashReads = Int32Array.from(this.rows, (r) => (r.head[SLASH] >= 0 ? maskBit(SLASH) : 0));
    this.nameStates = mapPacked(this.terms, (t) => new ColumnState(t.length));
    this.acronyms = new Float64Array(this.terms.length);
    this.limits = new Float64Array(this.terms.length);
    this.roughs = new Float64Array(this.terms.length);
    this.noneConsumed = new Int32Array(this.terms.length);
    const term = this.terms[0];
    this.one = {
      term,
      m: term.length,
      termMask: term.suffixMask[0],
      initialsPoints: this.best[0].acronym,
      tails: this.tailCache[0],
      firstCode: this.firstCodes[0],
      cap: boundaryColumns(term.length),
      bits: this.bits[0],
      byBoundaries: !term.hasSlash,
    };
    this.rootNeed = this.terms.reduce((mask, t) => mask | t.suffixMask[0], 0);
    this.loose = new LooseBounds(this.terms, this.bounds, this.offStart, this.best, boundaryColumns(this.terms[0].length), this.bits[0]);
    this.top = new TopK(options.limit);
    this.tree = folderTree(table);
    if (remember) this.matched = new Int32Array(1024);
  }

  /** Scans the whole table. */
  async walk(): Promise<StrictResult> {
    await this.seed(this.table.liveCount);
    while (this.walkSlice()) {
      this.work = 0;
      if (this.clock.due()) await this.clock.check();
    }
    return this.result();
  }

  /**
   * Walks on from where the last slice stopped until `CHECK_EVERY` files were scanned
   * (true: the walk is not done). A plain loop between two looks at the clock, not an
   * async one: the folder loop runs for every folder of the tree.
   */
  private walkSlice(): boolean {
    const { walkOrder, walkSkip, chainDepth, segmentMask, belowMask, namesMask, fileStart, files } = this.tree;
    const single = this.terms.length === 1;
    const at = this.walkAt;
    let { place, rootEnd, rootBase, file, fileEnd, depth } = at;
    let work = this.work;
    for (;;) {
      if (file < fileEnd) {
        const stop = Math.min(fileEnd, file + CHECK_EVERY - work);
        if (single) this.scanOne(files, file, stop, depth);
        else this.scan(files, file, stop, depth);
        work += stop - file;
        file = stop;
        if (work >= CHECK_EVERY) break;
        continue;
      }
      // Folders in walk order, one root's subtree after another; a folder's depth counts from its root.
      if (place === rootEnd) {
        if (place === walkOrder.length) break;
        rootEnd = walkSkip[place];
        rootBase = chainDepth[walkOrder[place]];
      }
      const dir = walkOrder[place];
      depth = chainDepth[dir] - rootBase;
      // What the terms still need after the parent's path (every term's suffix mask, or'd
      // together) must lie in the segment or below it; checked before entering (reading the
      // segment), as most folders that cannot match fail here.
      const need = depth === 0 ? this.rootNeed : this.levels[depth - 1].needMask;
      if ((need & ~(segmentMask[dir] | belowMask[dir])) !== 0) {
        place = walkSkip[place];
        continue;
      }
      const level = this.enter(dir, depth);
      if ((level.needMask & ~belowMask[dir]) !== 0) {
        place = walkSkip[place];
        continue;
      }
      place++;
      if ((level.needMask & ~namesMask[dir]) !== 0) continue;
      file = fileStart[dir];
      fileEnd = fileStart[dir + 1];
    }
    this.work = work;
    Object.assign(at, { place, rootEnd, rootBase, file, fileEnd, depth });
    return work >= CHECK_EVERY;
  }

  /** Scans only these files (the matches of a query this one extends), in walk order. */
  async within(ids: Int32Array): Promise<StrictResult> {
    const table = this.table;
    const single = this.terms.length === 1;
    await this.seed(ids.length);
    let depth = -1;
    for (let i = 0; i < ids.length; ) {
      if (!table.isAlive(ids[i])) {
        i++;
        continue;
      }
      // A run of live files of one folder, scanned together.
      const dir = table.fileDir[ids[i]];
      let end = i + 1;
      const limit = Math.min(ids.length, i + CHECK_EVERY - this.work);
      while (end < limit && table.fileDir[ids[end]] === dir && table.isAlive(ids[end])) end++;
      depth = this.enterChain(dir, depth);
      if (single) this.scanOne(ids, i, end, depth);
      else this.scan(ids, i, end, depth);
      this.work += end - i;
      i = end;
      if (this.work >= CHECK_EVERY) {
        this.work = 0;
        if (this.clock.due()) await this.clock.check();
      }
    }
    return this.result();
  }

  /**
   * Enters the folders from the root down to `dir` that the previous file's chain (down
   * to `previousDepth`) does not share: folders in common keep their state. Returns the
   * depth of `dir`.
   */
  private enterChain(dir: number, previousDepth: number): number {
    const { levels, pending } = this;
    const depthOf = this.tree.chainDepth;
    const parents = this.table.dirParent;
    pending.length = 0;
    for (let d = dir; ; ) {
      const depth = depthOf[d];
      if (depth <= previousDepth && levels[depth].dir === d) break;
      pending.push(d);
      if (depth === 0) break;
      const parent = parents[d];
      d = parent < 0 ? ROOT_DIR : parent;
    }
    for (let x = pending.length - 1; x >= 0; x--) this.enter(pending[x], depthOf[pending[x]]);
    return depthOf[dir];
  }

  /** Starts a one-term scan of `scanned` files with the bar of `seedThreshold`, when it has one. */
  private async seed(scanned: number): Promise<void> {
    if (this.terms.length !== 1) return;
    const floor = await seedThreshold(this.table, this.tree, this.terms[0], this.options.limit, this.options.allowed, scanned, this.clock);
    if (floor === -Infinity) return;
    this.floor = floor;
    this.threshold = floor;
    this.thresholdId = ANY_ID;
  }

  /** Hands the scan's working memory back for the next scan, once it has finished or stopped (never before). */
  release(): void {
    // Each list built by `mapPacked`: a spread or `map` here gave `giveBack` a second map.
    giveBack(this.factCache);
    giveBack(this.tailCache);
    giveBack(mapPacked(this.rows, (r) => r.head));
  }

  private result(): StrictResult {
    return { top: this.top, total: this.total, matched: this.matched?.subarray(0, this.matchedCount) };
  }

  /** Sets up the level of a folder entered at `depth` (its parent is at `depth - 1`). */
  private enter(dir: number, depth: number): Level {
    const { table, terms, levels } = this;
    if (levels.length <= depth) this.addLevels(depth);
    const level = levels[depth];
    level.dir = dir;
    level.computed = false;
    level.ceiling = Infinity;
    level.ceilingOffStart = Infinity;
    level.looseCeiling = Infinity;
    level.tailsReady = false;
    level.columnsReady = 0;
    const consumed = level.consumed;
    const before = depth === 0 ? this.noneConsumed : levels[depth - 1].consumed;
    const segment = this.tree.segmentMask[dir];
    let needMask = 0;
    let holdsAll = true;
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t];
      let k = before[t];
      // The segment moves the term on only if it holds the next character.
      if (k < term.length && (segment & this.charBits[t][k]) !== 0) k = greedy(term, table.chars, table.lower, table.segStart[dir], table.segLen[dir], k);
      consumed[t] = k;
      needMask |= term.suffixMask[k];
      if (k < term.length) holdsAll = false;
    }
    level.needMask = needMask;
    level.holdsAll = holdsAll;
    // Deeper levels may hold another branch: `within` compares only levels up to the previous file's depth.
    return level;
  }

  /** Adds the levels down to `depth`, their working memory made once per scan. */
  private addLevels(depth: number): void {
    const terms = this.terms;
    while (this.levels.length <= depth) {
      this.levels.push({
        dir: -1,
        consumed: new Int32Array(terms.length),
        states: [],
        own: mapPacked(terms, (t) => new ColumnState(t.length)),
        computed: false,
        holdsAll: false,
        needMask: 0,
        ceiling: Infinity,
        ceilingOffStart: Infinity,
        looseCeiling: Infinity,
        byTail: mapPacked(terms, (t) => new Float64Array((t.length + 2) * (boundaryColumns(t.length) + 1))),
        tailsReady: false,
        columnsReady: 0,
      });
    }
  }

  /** Computes the alignment states of the folders down to `depth` that lack them. */
  private ensureStates(depth: number): void {
    const levels = this.levels;
    if (levels[depth].computed) return;
    let from = depth;
    while (from >= 0 && !levels[from].computed) from--;
    const table = this.table;
    for (let x = from + 1; x <= depth; x++) {
      const level = levels[x];
      const dir = level.dir;
      for (let t = 0; t < this.terms.length; t++) {
        const own = level.own[t];
        if (x === 0) own.reset();
        const before = x === 0 ? own : levels[x - 1].states[t];
        const segLen = table.segLen[dir];
        // A segment without any character that can move the alignment leaves the state as it is: shared, not copied.
        if ((this.tree.segmentMask[dir] & (before.movers(this.charBits[t]) | this.slashReads[t])) === 0) level.states[t] = before;
        else {
          if (before !== own) own.copyFrom(before);
          own.advance(this.rows[t], table, table.segStart[dir], segLen, table.dirLen[dir] - segLen, false, this.points);
          level.states[t] = own;
        }
      }
      level.computed = true;
    }
  }

  /**
   * Whether a file whose name does not start with a term's first character, in the folder
   * at `depth` holding every term, loses on that alone (`lifted`: its lift's ceiling). While
   * the folder has no state, the loose ceiling (at least the folder's own) and the one
   * without a state (at most the folder's own) are asked first.
   */
  private offStartLoses(depth: number, lifted: number, id: number): boolean {
    const level = this.levels[depth];
    const trial = this.loose.offStartTrial;
    if (!level.computed && trial.inUse) {
      trial.tried();
      if (this.loses(this.loose.offStart + lifted, id)) return true;
      if (!this.loses(this.loose.offStartStateless + lifted, id)) return false;
      trial.unsure();
    }
    this.ensureStates(depth);
    if (level.ceilingOffStart === Infinity) {
      let ceiling = 0;
      for (let t = 0; t < this.terms.length; t++) ceiling += this.bounds[t].of(level.states[t], this.terms[t].length, this.offStart[t]);
      level.ceilingOffStart = ceiling;
    }
    return this.loses(level.ceilingOffStart + lifted, id);
  }

  /**
   * `scan` for the common one-term query, without the per-term loops: `files[from .. to)`,
   * all in the folder at `depth`. What depends only on the folder is read once.
   */
  private scanOne(files: Int32Array, from: number, to: number, depth: number): void {
    const table = this.table;
    const { nameMask, nameId, uniqueMask, uniqueBoundaryMask } = table;
    const nameFirst = this.tree.nameFirst;
    const level = this.levels[depth];
    const needMask = level.needMask;
    const allowed = this.options.allowed;
    const { term, m, termMask, initialsPoints, tails, firstCode, cap, bits, byBoundaries } = this.one;
    const width = cap + 1;
    // The part of the term the name must hold: the folder path matched the rest.
    const need = m - level.consumed[0];
    const byTail = level.byTail[0];
    const folderPart = folderLift(table, level.dir);
    // The folder path holds the whole term (`need` is 0): every file matches, and its lift is read once.
    const holdsAll = level.holdsAll;
    for (let f = from; f < to; f++) {
      const id = files[f];
      if ((needMask & ~nameMask[id]) !== 0) continue;
      if (allowed !== undefined && allowed[id] === 0) continue;
      const uid = nameId[id];
      let tail = -1;
      if (!holdsAll) {
        tail = tails[uid] - 1;
        if (tail < 0) {
          tail = nameTail(table, id, term);
          tails[uid] = tail + 1;
        }
        if (tail < need) continue;
      }
      // One call site: a second one outgrew what V8 inlines here, and each call boxed its number argument and result.
      const lifted = liftCeilingIn(table, id, folderPart);
      const startsRight = nameFirst[id] === firstCode;
      // Once the folder's own ceiling is known (nearly every file), it is read here without a call.
      if (holdsAll && this.threshold > -Infinity && !startsRight && (level.ceilingOffStart !== Infinity ? this.loses(level.ceilingOffStart + lifted, id) : this.offStartLoses(depth, lifted, id))) {
        this.count(id);
        continue;
      }
      this.count(id);
      if (this.threshold > -Infinity) {
        // The tail the name holds, or a bound on it from its characters; initials only if its
        // word starts allow, which begin with its first character (`spellsInitials`).
        if (tail < 0) tail = maskTail(term, uniqueMask[uid]);
        const boundaryMask = uniqueBoundaryMask[uid];
        const row = (startsRight || tail < m ? tail : m + 1) * width;
        const initials = startsRight && (termMask & ~boundaryMask) === 0 ? initialsPoints : 0;
        const gain = initials + lifted;
        this.gain[0] = gain;
        const verdict = level.computed || !this.loose.nameTrial.inUse ? VERDICT.unsure : this.loose.tailVerdict(id, level.consumed[0], row, boundaryMask, this);
        if (verdict === VERDICT.loses) continue;
        if (verdict === VERDICT.unsure) {
          if (!level.tailsReady) {
            this.ensureStates(depth);
            this.bounds[0].byTail(level.states[0], m, cap, cap, byTail);
            level.tailsReady = true;
          }
          if (this.loses(byTail[row + cap] + gain, id)) continue;
          // Then with as many boundary characters as the name offers the term, unless the
          // folder path alone (row 0, the same in every column) would carry the file anyway,
          // or the term names folders (its files rank by their folder path: src/org/java
          // paid for columns that rejected little).
          const offered = byBoundaries && this.loses(byTail[cap] + gain, id) ? boundaryCount(termMask, bits, boundaryMask) : cap;
          if (offered < cap) {
            if ((level.columnsReady & (1 << offered)) === 0) {
              this.bounds[0].byTail(level.states[0], m, cap, offered, byTail);
              level.columnsReady |= 1 << offered;
            }
            if (this.loses(byTail[row + offered] + gain, id)) continue;
          }
        }
      }
      this.scoreOne(id, uid, depth, tail);
    }
  }

  /**
   * A file of `scanOne` that matches and may rank: bounded by what its name shows, then scored.
   * Its lift ceiling is read again here, not passed: a number argument is boxed on the heap.
   */
  private scoreOne(id: number, uid: number, depth: number, tail: number): void {
    const table = this.table;
    const level = this.levels[depth];
    const lifted = liftCeilingIn(table, id, folderLift(table, level.dir));
    const term = this.terms[0];
    const m = term.length;
    const facts = this.facts;
    if (this.threshold > -Infinity) {
      // A bound from what is known of the name without reading it.
      guessFacts(table, uid, this.tree.nameFirst[id], term, this.bits[0], tail, facts);
      if (!level.computed && this.loses(this.bounds[0].of(this.loose.state(0, level.consumed[0]), m, facts) + lifted, id)) return;
      this.ensureStates(depth);
      if (this.loses(this.bounds[0].of(level.states[0], m, facts) + lifted, id)) return;
    }
    this.ensureStates(depth);
    const code = this.factCache[0][uid];
    if (code === 0) {
      readName(table, id, this.rows[0], facts);
      this.factCache[0][uid] = encodeFacts(facts);
    } else decodeFacts(code, term, table, uid, this.tree.nameFirst[id], facts);
    const limit = this.bounds[0].of(level.states[0], m, facts);
    if (this.loses(limit + lifted, id)) return;
    const exactLift = lift(table, id, this.options.now);
    if (this.loses(limit + exactLift, id)) return;
    const state = this.nameStates[0];
    state.copyFrom(level.states[0]);
    state.advance(this.rows[0], table, table.nameStart[id], table.nameLen[id], table.dirLen[level.dir], true, this.points);
    const score = state.score + facts.acronym + exactLift;
    this.offer(id, score);
  }

  /** `files[from .. to)`, all in the folder at `depth`: each counted when it matches, scored when it may rank. */
  private scan(files: Int32Array, from: number, to: number, depth: number): void {
    for (let f = from; f < to; f++) this.consider(files[f], depth);
  }

  /** One file of the folder at `depth`: counted when it matches, scored when it may rank. */
  private consider(id: number, depth: number): void {
    const { table, terms } = this;
    const level = this.levels[depth];
    const allowed = this.options.allowed;
    if ((level.needMask & ~table.nameMask[id]) !== 0 || (allowed !== undefined && allowed[id] === 0)) return;
    const termCount = terms.length;
    // When the folder holds every term, each of its files matches; those whose name does
    // not start with a term's first character have a lower ceiling, often too low to matter.
    const first = this.tree.nameFirst[id];
    if (level.holdsAll && this.threshold > -Infinity && !this.firstCodes.includes(first)) {
      const lifted = liftCeiling(table, id);
      if (level.ceilingOffStart !== Infinity ? this.loses(level.ceilingOffStart + lifted, id) : this.offStartLoses(depth, lifted, id)) {
        this.count(id);
        return;
      }
    }
    const uid = table.nameId[id];
    for (let t = 0; t < termCount; t++) {
      const k = level.consumed[t];
      const m = terms[t].length;
      if (k === m) continue;
      // The name must hold the term's tail the folder could not. Read once per distinct name.
      let tail = this.tailCache[t][uid] - 1;
      if (tail < 0) {
        tail = nameTail(table, id, terms[t]);
        this.tailCache[t][uid] = tail + 1;
      }
      if (tail < m - k) return;
    }
    this.count(id);
    const facts = this.facts;
    // Read once for the file: each call (not inlined here) boxed its result on the heap.
    const lifted = liftCeiling(table, id);
    if (this.threshold > -Infinity) {
      // While the folder has no state, each bound first from the loose states (at least the
      // folder's own: losing there loses) and from none (at most the folder's own: passing there
      // passes); the folder's own states only when the two disagree.
      const trial = this.loose.nameTrial;
      if (!level.computed && trial.inUse) {
        trial.tried();
        if (level.looseCeiling === Infinity) {
          let ceiling = 0;
          for (let t = 0; t < termCount; t++) ceiling += this.bounds[t].of(this.loose.state(t, level.consumed[t]), terms[t].length, this.best[t]);
          level.looseCeiling = ceiling;
        }
        if (this.loses(level.looseCeiling + lifted, id)) return;
        let looseRough = 0;
        let statelessRough = 0;
        for (let t = 0; t < termCount; t++) {
          guessFacts(table, uid, first, terms[t], this.bits[t], this.tailCache[t][uid] - 1, facts);
          this.roughs[t] = this.bounds[t].of(this.loose.state(t, level.consumed[t]), terms[t].length, facts);
          looseRough += this.roughs[t];
          statelessRough += this.bounds[t].of(this.loose.state(t, 0), terms[t].length, facts);
        }
        if (this.loses(looseRough + lifted, id)) return;
        if (this.loses(this.loose.bestStateless + lifted, id) || this.loses(statelessRough + lifted, id)) {
          trial.unsure();
          this.ensureStates(depth);
        }
      }
      if (level.computed || !trial.inUse) {
        this.ensureStates(depth);
        if (level.ceiling === Infinity) {
          let ceiling = 0;
          for (let t = 0; t < termCount; t++) ceiling += this.bounds[t].of(level.states[t], terms[t].length, this.best[t]);
          level.ceiling = ceiling;
        }
        if (this.loses(level.ceiling + lifted, id)) return;
        // A bound from what is known of the name without reading it.
        let rough = 0;
        for (let t = 0; t < termCount; t++) {
          guessFacts(table, uid, first, terms[t], this.bits[t], this.tailCache[t][uid] - 1, facts);
          this.roughs[t] = this.bounds[t].of(level.states[t], terms[t].length, facts);
          rough += this.roughs[t];
        }
        if (this.loses(rough + lifted, id)) return;
      }
    }
    this.ensureStates(depth);
    // Each term's rough bound (at least its bound once the name is read, which only narrows
    // what the name can hold), while the later names are not read yet.
    let unread = 0;
    if (this.threshold > -Infinity) for (let t = 0; t < termCount; t++) unread += this.roughs[t];
    let limit = 0;
    for (let t = 0; t < termCount; t++) {
      // Facts depend only on the name: read each distinct name once per search.
      const code = this.factCache[t][uid];
      if (code === 0) {
        readName(table, id, this.rows[t], facts);
        this.factCache[t][uid] = encodeFacts(facts);
      } else decodeFacts(code, terms[t], table, uid, first, facts);
      this.acronyms[t] = facts.acronym;
      this.limits[t] = this.bounds[t].of(level.states[t], terms[t].length, facts);
      limit += this.limits[t];
      unread -= this.roughs[t];
      if (t < termCount - 1 && this.loses(limit + unread + lifted, id)) return;
    }
    if (this.loses(limit + lifted, id)) return;
    const exactLift = lift(table, id, this.options.now);
    if (this.loses(limit + exactLift, id)) return;
    let sum = 0;
    for (let t = 0; t < termCount; t++) {
      const state = this.nameStates[t];
      state.copyFrom(level.states[t]);
      state.advance(this.rows[t], table, table.nameStart[id], table.nameLen[id], table.dirLen[level.dir], true, this.points);
      sum += state.score + this.acronyms[t];
      // The terms scored so far with the bounds of the rest: a file losing there is not read on
      // (scores and bounds are whole points, so the sums are exact whatever their order).
      limit -= this.limits[t];
      if (t < termCount - 1 && this.loses(sum + limit + exactLift, id)) return;
    }
    const score = sum + exactLift;
    this.offer(id, score);
  }

  /** Whether an alignment bound of the file `scanOne` tests, with its `gain`, loses (`GainJudge`). */
  losesWithGain(alignment: number, id: number): boolean {
    return this.loses(alignment + this.gain[0], id);
  }

  /** A file whose score is at most `bound` cannot enter the top (ties go to the lower id). */
  private loses(bound: number, id: number): boolean {
    return bound < this.threshold || (bound === this.threshold && id > this.thresholdId);
  }

  private offer(id: number, score: number): void {
    if (!this.top.admits(score, id)) return;
    this.top.push(id, score);
    // The top's own bar once it is at least the seeded one (below, it is -Infinity or lower).
    const threshold = this.top.threshold;
    if (threshold >= this.floor) {
      this.threshold = threshold;
      this.thresholdId = this.top.thresholdId;
    }
  }

  /** Kept small: the scan loops inline it, and what does not fit V8's inlining budget is called, boxing its number arguments. */
  private count(id: number): void {
    this.total++;
    if (this.marks !== undefined) this.marks[id] = 1;
    if (this.matched !== undefined) this.remember(id);
  }

  /** Adds a match to those remembered for narrowing: doubling the list, or giving up past `MAX_REMEMBERED`. */
  private remember(id: number): void {
    const matched = this.matched!;
    if (this.matchedCount === matched.length) {
      if (matched.length >= MAX_REMEMBERED) {
        this.matched = undefined;
        return;
      }
      const grown = new Int32Array(matched.length * 2);
      grown.set(matched);
      this.matched = grown;
    }
    this.matched![this.matchedCount++] = id;
  }
}
