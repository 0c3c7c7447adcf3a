import { CHECK_EVERY, LIFT, type YieldClock } from './lift';
import type { PathTable } from './pathTable';
import type { QueryTerm } from './query';
import { kindPoints, POINTS } from './score';
import { TopK } from './topK';
import { runToEnd, treeOrigin, type FolderTree } from './tree';

/**
 * A strict scan's starting bar: before the walk reaches the files that will rank, it has
 * no top to compare bounds with, so it scores files a full top would have turned away
 * (the bar of a finished scan from the start saves about an eighth of a broad query).
 * The bar here is the `limit`-th best of scores known to be within reach: the files whose
 * name starts with the term's first character and holds the rest of it in order, each
 * read along that one alignment (the term's first character on the name's first, each
 * later one on its first occurrence after the previous). A file scores at least that
 * alignment plus its lift without recency, so at least `limit` files score at least the
 * bar, and a file whose bound is below it cannot rank.
 */

/** Live files grouped by their name's first character (folded), built once per folder tree. */
interface FirstIndex {
  ids: Int32Array;
  /** Per first character, its files: `ids[from .. to)`. */
  ranges: Map<number, { from: number; to: number }>;
}

const indexes = new WeakMap<FolderTree, FirstIndex>();
/** An index being built a slice at a time (a tree never changes: a build is only ever continued). */
const building = new WeakMap<FolderTree, Generator<void, FirstIndex>>();
/**
 * The last index made for each table, and which of its rows it holds (`treeOrigin`, the row
 * count): a later tree that only adds rows gets this one with the added files put in.
 */
const latest = new WeakMap<PathTable, { reshapes: number; slots: number; index: FirstIndex }>();
/** Files between two pause points of a build. */
const STEP = 4096;

function firstIndex(tree: FolderTree): FirstIndex {
  return indexes.get(tree) ?? remember(tree, runToEnd(building.get(tree) ?? firstIndexSteps(tree)));
}

/** `firstIndex`, built with `clock` looked at between steps; a search cancelled meanwhile leaves the build to the next. */
async function firstIndexInSlices(tree: FolderTree, clock: YieldClock): Promise<FirstIndex> {
  // Looked up again after every pause: another search may have taken the build further, or finished it.
  for (;;) {
    const known = indexes.get(tree);
    if (known) return known;
    let steps = building.get(tree);
    if (!steps) {
      steps = firstIndexSteps(tree);
      building.set(tree, steps);
    }
    const step = steps.next();
    if (step.done) return remember(tree, step.value);
    await clock.check();
  }
}

function remember(tree: FolderTree, index: FirstIndex): FirstIndex {
  building.delete(tree);
  indexes.set(tree, index);
  const origin = treeOrigin(tree);
  if (origin) latest.set(origin.table, { reshapes: origin.reshapes, slots: tree.nameFirst.length, index });
  return index;
}

const NO_FILES: FirstIndex = { ids: new Int32Array(0), ranges: new Map() };

/**
 * The steps that make a tree's index: the last index of its table with the files added since
 * put in, when the tree only adds rows to the one that index was made for (a first index adds
 * its files batch by batch while searches go on); else every file of the tree grouped anew.
 */
function firstIndexSteps(tree: FolderTree): Generator<void, FirstIndex> {
  const origin = treeOrigin(tree);
  const last = origin && latest.get(origin.table);
  const slots = tree.nameFirst.length;
  if (!last || last.reshapes !== origin.reshapes || last.slots > slots) return indexSteps(tree, NO_FILES, tree.files);
  const added = new Int32Array(slots - last.slots);
  for (let i = 0; i < added.length; i++) added[i] = last.slots + i;
  return indexSteps(tree, last.index, added);
}

/**
 * `base` with the files `added` put in: each group keeps its files and has the added ones
 * after them; characters new to it are grouped after the others. The order within a group
 * does not change a bar (`TopK` keeps the same entries whatever order they come in).
 */
function* indexSteps(tree: FolderTree, base: FirstIndex, added: Int32Array): Generator<void, FirstIndex> {
  const { nameFirst } = tree;
  const counts = new Map<number, number>();
  for (let f = 0; f < added.length; f++) {
    const c = nameFirst[added[f]];
    counts.set(c, (counts.get(c) ?? 0) + 1);
    if (f % STEP === STEP - 1) yield;
  }
  const ranges = new Map<number, { from: number; to: number }>();
  const ids = new Int32Array(base.ids.length + added.length);
  let at = 0;
  for (const [c, kept] of base.ranges) {
    ids.set(base.ids.subarray(kept.from, kept.to), at);
    ranges.set(c, { from: at, to: at + kept.to - kept.from });
    at += kept.to - kept.from + (counts.get(c) ?? 0);
  }
  for (const [c, n] of counts) {
    if (ranges.has(c)) continue;
    ranges.set(c, { from: at, to: at });
    at += n;
  }
  for (let f = 0; f < added.length; f++) {
    const range = ranges.get(nameFirst[added[f]])!;
    ids[range.to++] = added[f];
    if (f % STEP === STEP - 1) yield;
  }
  return { ids, ranges };
}

/**
 * The bar (see above) for a one-term query without `/`, or -Infinity when fewer than
 * `limit` files qualify, or when reading them would cost more than it can save: a scan
 * of `scanned` files pays one look at each file of the first character's group. Reading
 * a large group looks at `clock` between slices, as the scan does (a million paths put
 * tens of thousands of names in one group).
 */
export async function seedThreshold(table: PathTable, tree: FolderTree, term: QueryTerm, limit: number, allowed: Uint8Array | undefined, scanned: number, clock?: YieldClock): Promise<number> {
  const m = term.length;
  if (limit <= 0 || m === 0 || term.hasSlash) return -Infinity;
  // Built once per tree, and every file that comes or goes makes a new tree: a slice at a time when the scan has a clock.
  const index = clock === undefined ? firstIndex(tree) : await firstIndexInSlices(tree, clock);
  const range = index.ranges.get(term.lower[0]);
  if (!range || range.to - range.from < limit || (range.to - range.from) * 4 > scanned) return -Infinity;
  const { lower, chars, kind, nameStart, nameLen, nameMask, boost, dirLen, fileDir } = table;
  const tl = term.lower;
  const tu = term.upper;
  const termMask = term.suffixMask[0];
  const points = kindPoints();
  const extraFirst = POINTS.firstMultiplier - 1;
  const toBoundary = Math.min(POINTS.gapToBoundary, POINTS.gapMax);
  const top = new TopK(limit);
  const ids = index.ids;
  for (let f = range.from; f < range.to; f++) {
    if (clock !== undefined && (f - range.from) % CHECK_EVERY === CHECK_EVERY - 1) await clock.check();
    const id = ids[f];
    if ((termMask & ~nameMask[id]) !== 0 || !table.isAlive(id) || (allowed !== undefined && allowed[id] === 0)) continue;
    const start = nameStart[id];
    if (tu[0] === 1 && chars[start] === lower[start]) continue;
    // The term's first character on the name's first: the name start's bonus, counted twice.
    const first = points[kind[start]] + POINTS.inName + POINTS.nameStart;
    let score = POINTS.match + first + first * extraFirst;
    let k = 1;
    let last = start;
    for (let x = start + 1, end = start + nameLen[id]; x < end && k < m; x++) {
      if (lower[x] !== tl[k] || (tu[k] === 1 && chars[x] === lower[x])) continue;
      const skipped = x - last - 1;
      // Back to back earns `consecutive`; a gap costs the cheaper of its length and a jump (`ColumnState.advance`).
      const jump = kind[x] !== 0 ? toBoundary : POINTS.gapMax;
      const gap = POINTS.gapStart + POINTS.gapExtend * (skipped - 1);
      score += (skipped === 0 ? POINTS.consecutive : -(gap < jump ? gap : jump)) + POINTS.match + points[kind[x]] + POINTS.inName;
      last = x;
      k++;
    }
    if (k < m) continue;
    // `lift` without its recency share, which is never negative.
    const lifted = boost[id] - LIFT.perNameChar * nameLen[id] - LIFT.perFolderChar * dirLen[fileDir[id]];
    const floor = score + lifted;
    if (top.admits(floor, id)) top.push(id, floor);
  }
  return top.threshold;
}
